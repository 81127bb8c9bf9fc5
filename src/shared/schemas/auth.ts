import { z } from "zod";
import {
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_TOO_LONG,
} from "../domain/validation-messages.ts";
import { emailField, langField, text } from "./fields.ts";

// Defined with the other texts, free of zod, for the browser's message translator.
export { PASSWORD_MAX, PASSWORD_TOO_LONG };

/** Password minimum 6 characters. The upper bound keeps hashing cheap for bots. */
export const PASSWORD_MIN = 6;

/** Values are trimmed; a missing value gets the field's "required" text, not a type error. */
const requiredText = (message: string) => text({ message }).trim().min(1, message);

/** A new password: at least PASSWORD_MIN characters, trimmed like every login value. */
export const newPasswordField = text({ message: MESSAGES.PASSWORD_MIN })
  .trim()
  .min(PASSWORD_MIN, MESSAGES.PASSWORD_MIN)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG);

/** A new password typed again: trimmed like the password; a missing one reads as a mismatch. */
export const passwordConfirmationField = text({ message: MESSAGES.PASSWORDS_DO_NOT_MATCH }).trim();

type PasswordPair = { password: string; password_confirmation: string };
const passwordPair = z.object({ password: z.string(), password_confirmation: z.string() });

/**
 * The one password-confirmation rule (register, reset, change): `password_confirmation` must
 * repeat `password`, or the mismatch stands on the confirmation field. It runs as soon as both
 * are strings, even while other fields fail, so the mismatch shows beside their errors.
 */
export const withPasswordConfirmation = <T extends z.ZodType<PasswordPair>>(schema: T): T =>
  schema.refine((input) => input.password === input.password_confirmation, {
    message: MESSAGES.PASSWORDS_DO_NOT_MATCH,
    path: ["password_confirmation"],
    when: (payload) => passwordPair.safeParse(payload.value).success,
  });

/**
 * Customer and admin login: both required ('Email and password are required'),
 * password at least 6 characters, values trimmed. The e-mail is not format-checked here: a
 * malformed one simply does not match an account, with the same message as any mismatch.
 */
export const loginSchema = z.object({
  email: requiredText(MESSAGES.EMAIL_PASSWORD_REQUIRED).pipe(
    z.string().max(254, MESSAGES.EMAIL_PASSWORD_REQUIRED),
  ),
  password: requiredText(MESSAGES.EMAIL_PASSWORD_REQUIRED)
    .pipe(z.string().min(PASSWORD_MIN, MESSAGES.PASSWORD_MIN))
    .pipe(z.string().max(PASSWORD_MAX, PASSWORD_TOO_LONG)),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Register: name, email, password, password_confirmation; errors keyed by those. */
export const registerSchema = withPasswordConfirmation(
  z.object({
    name: requiredText(MESSAGES.NAME_REQUIRED).pipe(
      z.string().max(120, "The name must not be longer than 120 characters."),
    ),
    email: emailField,
    password: newPasswordField,
    password_confirmation: passwordConfirmationField,
  }),
);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The user as the API shows it; is_admin is a 1/0 flag, not a boolean. */
export const userDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_admin: z.union([z.literal(0), z.literal(1)]),
  username: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
  /** Whether the current e-mail address was proven (a link opened, or Google). */
  email_verified: z.boolean(),
});
export type UserDto = z.infer<typeof userDto>;

/** The login response: token, token_type, user (customer and admin alike). */
export const loginResponse = z.object({
  token: z.string(),
  token_type: z.literal("Bearer"),
  expires_at: z.string(),
  user: userDto,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * `POST /api/auth/forgot-password`. `lang` is the page's language, the e-mail's
 * (accounts keep no language); without it the request's cookie or Accept-Language decides.
 */
export const forgotPasswordSchema = z.object({
  email: emailField,
  lang: langField.optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A reset token is 32 random bytes in base64url: 43 characters. Anything else is refused. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/auth/reset-password`: the e-mail's token and a new password (registration's rules). */
export const resetPasswordSchema = withPasswordConfirmation(
  z.object({
    token: text({ message: PASSWORD_RESET_MESSAGES.TOKEN_REQUIRED })
      .trim()
      .min(1, PASSWORD_RESET_MESSAGES.TOKEN_REQUIRED)
      .regex(RESET_TOKEN, PASSWORD_RESET_MESSAGES.TOKEN_INVALID),
    password: newPasswordField,
    password_confirmation: passwordConfirmationField,
  }),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `GET /api/auth/password-reset`: whether resets by e-mail are offered (SMTP configured). */
export const passwordResetAvailability = z.object({
  data: z.object({ available: z.boolean() }),
});

export { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from "../domain/validation-messages.ts";
