import { z } from "zod";
import { TWO_FACTOR_MESSAGES as M } from "../domain/two-factor-messages.ts";
import { PASSWORD_MAX } from "../domain/validation-messages.ts";
import { loginResponse } from "./auth.ts";
import { text } from "./fields.ts";

/** An authenticator code (6 digits) or a recovery code (`xxxxx-xxxxx`), spaces allowed. */
export const codeField = text({ message: M.CODE_REQUIRED })
  .trim()
  .min(1, M.CODE_REQUIRED)
  .max(32, M.CODE_INVALID);

/** Two challenges are 43 base64url characters; anything else is no challenge of ours. */
const challengeField = text({ message: M.CHALLENGE_INVALID })
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, M.CHALLENGE_INVALID);

/** `POST /api/admin/2fa/enable` */
export const twoFactorEnableSchema = z.object({ code: codeField });
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

/** `POST /api/admin/2fa/disable`: the password and a current code (or a recovery code). */
export const twoFactorDisableSchema = z.object({
  password: text({ message: M.PASSWORD_REQUIRED })
    .min(1, M.PASSWORD_REQUIRED)
    .max(PASSWORD_MAX, M.PASSWORD_WRONG),
  code: codeField,
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** `POST /api/auth/admin-login/2fa` */
export const twoFactorSignInSchema = z.object({ challenge: challengeField, code: codeField });
export type TwoFactorSignInInput = z.infer<typeof twoFactorSignInSchema>;

/** `PUT /api/admin/2fa/policy`: the owner requires it of every admin, or not. */
export const twoFactorPolicySchema = z.object({
  required: z.boolean({ message: "Choose on or off." }),
});

export const twoFactorSetupResponse = z.object({
  data: z.object({ otpauth_url: z.string(), secret: z.string() }),
});
export const twoFactorEnableResponse = z.object({
  data: z.object({ recovery_codes: z.array(z.string()) }),
});
/** `GET /api/admin/2fa`: whether it is on for you and whether the shop requires it. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), required: z.boolean() });
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/auth/admin-login` when a code must follow the password. */
export const twoFactorChallengeResponse = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponse>;

/**
 * `POST /api/auth/admin-login`'s answers: a token (with `two_factor_setup_required`
 * when the shop requires two-factor sign-in and this admin has not set it up: the back office
 * then opens only the set-up), or the challenge for the code step.
 */
export const adminLoginResponse = z.union([
  loginResponse.extend({ two_factor_setup_required: z.boolean().optional() }),
  twoFactorChallengeResponse,
]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponse>;
