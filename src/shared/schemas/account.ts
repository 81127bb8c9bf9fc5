import { z } from "zod";
import { ACCOUNT_COUNTRIES } from "../domain/countries.ts";
// Defined with the other texts, free of zod, for the browser's message translator.
import { ACCOUNT_MESSAGES, MESSAGES } from "../domain/validation-messages.ts";
import {
  AUTH_MESSAGES,
  newPasswordField,
  passwordConfirmationField,
  withPasswordConfirmation,
} from "./auth.ts";
import { emailField, text } from "./fields.ts";

export { ACCOUNT_COUNTRIES, type AccountCountry } from "../domain/countries.ts";
export { ACCOUNT_MESSAGES };

/** An optional text: trimmed, and an empty one is stored as "no value". */
const optionalText = (max = 120) =>
  text()
    .trim()
    .max(max, ACCOUNT_MESSAGES.TOO_LONG)
    .nullish()
    .transform((value) => (value ? value : null));

/** Account fields: username, name, company, email, phone, country, location. */
export const accountUpdateSchema = z.object({
  username: optionalText(),
  name: text({ message: MESSAGES.NAME_REQUIRED })
    .trim()
    .min(1, MESSAGES.NAME_REQUIRED)
    .max(120, ACCOUNT_MESSAGES.TOO_LONG),
  company: optionalText(),
  email: emailField,
  phone: text()
    .trim()
    .regex(/^$|^\+?[0-9][0-9 ()-]{4,22}$/, ACCOUNT_MESSAGES.PHONE)
    .nullish()
    .transform((value) => (value ? value : null)),
  country: z
    .union([z.enum(ACCOUNT_COUNTRIES, { message: ACCOUNT_MESSAGES.COUNTRY }), z.literal("")], {
      message: ACCOUNT_MESSAGES.COUNTRY,
    })
    .nullish()
    .transform((value) => (value ? value : null)),
  location: optionalText(200),
  /** Needed when `email` changes (the server says so on this field): checked like a sign-in. */
  current_password: text().max(200, AUTH_MESSAGES.CURRENT_PASSWORD_WRONG).optional(),
});
export type AccountUpdateInput = z.input<typeof accountUpdateSchema>;
export type AccountUpdate = z.output<typeof accountUpdateSchema>;

/** Security screen: current password, new password, confirmation (`newPasswordField`). */
export const passwordChangeSchema = withPasswordConfirmation(
  z.object({
    current_password: text({ message: AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED })
      .trim()
      .min(1, AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED)
      .max(200, AUTH_MESSAGES.CURRENT_PASSWORD_WRONG),
    password: newPasswordField,
    password_confirmation: passwordConfirmationField,
  }),
);
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
