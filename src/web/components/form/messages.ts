import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { ACCOUNT_MESSAGES } from "../../../shared/schemas/account.ts";
import { AUTH_MESSAGES, PASSWORD_TOO_LONG } from "../../../shared/schemas/auth.ts";

/**
 * The schemas and the server speak SPEC's English texts; each one has a key here so Arabic
 * readers see the translation. An unknown text (a new server message) is shown as it came.
 */
const KEY_BY_TEXT: Record<string, string> = {
  [MESSAGES.EMAIL_PASSWORD_REQUIRED]: "messages.emailPasswordRequired",
  [MESSAGES.PASSWORD_MIN]: "messages.passwordMin",
  [PASSWORD_TOO_LONG]: "messages.passwordTooLong",
  [MESSAGES.NAME_REQUIRED]: "messages.nameRequired",
  "The name must not be longer than 120 characters.": "messages.nameTooLong",
  [MESSAGES.PASSWORDS_DO_NOT_MATCH]: "messages.passwordsDoNotMatch",
  "The email field is required.": "messages.emailRequired",
  "Please enter a valid email address.": "messages.emailInvalid",
  "The email must not be longer than 254 characters.": "messages.emailTooLong",
  [AUTH_MESSAGES.EMAIL_TAKEN]: "messages.emailTaken",
  [AUTH_MESSAGES.INVALID_CREDENTIALS]: "messages.invalidCredentials",
  [AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED]: "messages.currentRequired",
  [AUTH_MESSAGES.CURRENT_PASSWORD_WRONG]: "messages.currentWrong",
  [AUTH_MESSAGES.TOO_MANY_ATTEMPTS]: "messages.tooManyAttempts",
  "Too many requests. Please wait a minute and try again.": "messages.tooManyRequests",
  [ACCOUNT_MESSAGES.COUNTRY]: "messages.country",
  [ACCOUNT_MESSAGES.PHONE]: "messages.phone",
  [ACCOUNT_MESSAGES.TOO_LONG]: "messages.tooLong",
  [MESSAGES.LOGIN_FAILED]: "messages.loginFailed",
  [MESSAGES.LOGIN_FAILED_RETRY]: "messages.loginFailedRetry",
  [MESSAGES.REGISTRATION_FAILED]: "messages.registrationFailed",
  [MESSAGES.ADMIN_NOT_AUTHORIZED]: "messages.adminNotAuthorized",
  [MESSAGES.ADMIN_LOGIN_FAILED]: "messages.adminLoginFailed",
  "Unauthenticated.": "messages.unauthenticated",
  "The request is too large.": "messages.tooLarge",
};

/** `(text) => text in the current language`, for schema and server messages. */
export function useMessageText(): (text: string | undefined) => string {
  const { t } = useTranslation("account");
  return useCallback(
    (text) => {
      if (!text) return "";
      const key = KEY_BY_TEXT[text];
      return key ? t(key) : text;
    },
    [t],
  );
}
