import { useCallback } from "react";
import { CAPACITY_MESSAGES } from "../../../shared/domain/ready-days.ts";
import {
  countryInOtherZoneMessage,
  countryRefusedMessage,
  countryZonedMessage,
  SHIPPING_MESSAGES,
} from "../../../shared/domain/shipping.ts";
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  MESSAGES,
  ORDER_MESSAGES,
  PASSWORD_TOO_LONG,
  TEXT_NOT_ALLOWED,
} from "../../../shared/domain/validation-messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";

/**
 * THE message translator: schemas and the server speak the fixed English texts; each
 * known text has a key in the `messages` namespace so Arabic readers see the translation.
 * An unknown text (a new server sentence) is shown as it came. The fixed texts
 * (`shared/domain/validation-messages.ts`) are looked up by their id under `spec.<ID>` in
 * `locales/{en,ar}/messages.json`: add the id there and it is translated; other texts go in
 * `EXTRA` below.
 */
const KEY_BY_TEXT: Record<string, string> = {
  [MESSAGES.EMAIL_PASSWORD_REQUIRED]: "emailPasswordRequired",
  [MESSAGES.PASSWORD_MIN]: "passwordMin",
  [PASSWORD_TOO_LONG]: "passwordTooLong",
  [MESSAGES.NAME_REQUIRED]: "nameRequired",
  "The name must not be longer than 120 characters.": "nameTooLong",
  [MESSAGES.PASSWORDS_DO_NOT_MATCH]: "passwordsDoNotMatch",
  "The email field is required.": "emailRequired",
  "Please enter a valid email address.": "emailInvalid",
  "The email must not be longer than 254 characters.": "emailTooLong",
  [AUTH_MESSAGES.EMAIL_TAKEN]: "emailTaken",
  [AUTH_MESSAGES.INVALID_CREDENTIALS]: "invalidCredentials",
  [AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED]: "currentRequired",
  [AUTH_MESSAGES.CURRENT_PASSWORD_WRONG]: "currentWrong",
  [AUTH_MESSAGES.TOO_MANY_ATTEMPTS]: "tooManyAttempts",
  "Too many requests. Please wait a minute and try again.": "tooManyRequests",
  [ACCOUNT_MESSAGES.COUNTRY]: "country",
  [ACCOUNT_MESSAGES.PHONE]: "phone",
  [ACCOUNT_MESSAGES.TOO_LONG]: "tooLong",
  [MESSAGES.LOGIN_FAILED]: "loginFailed",
  [MESSAGES.LOGIN_FAILED_RETRY]: "loginFailedRetry",
  [MESSAGES.REGISTRATION_FAILED]: "registrationFailed",
  [MESSAGES.ADMIN_NOT_AUTHORIZED]: "adminNotAuthorized",
  [MESSAGES.ADMIN_LOGIN_FAILED]: "adminLoginFailed",
  "Unauthenticated.": "unauthenticated",
  "The request is too large.": "tooLarge",
  [TEXT_NOT_ALLOWED]: "spec.TEXT_NOT_ALLOWED",
};
for (const [id, english] of Object.entries(ORDER_MESSAGES)) KEY_BY_TEXT[english] ??= `order.${id}`;
for (const [id, english] of Object.entries(MESSAGES)) KEY_BY_TEXT[english] ??= `spec.${id}`;

/** Server and form texts that are not in that catalogue, by their `spec.<ID>` key. */
const EXTRA: Record<string, string> = {
  "The code is required.": "spec.CODE_REQUIRED",
  "Please enter a valid date.": "spec.DATE_INVALID",
  "Failed to load settings": "spec.SETTINGS_LOAD_FAILED",
  "Failed to save settings": "spec.SETTINGS_SAVE_FAILED",
  "The last admin cannot be removed.": "spec.LAST_ADMIN",
  "This action is not allowed.": "spec.FORBIDDEN",
  // The contact and trader forms' rules (shared/schemas/inbox.ts INBOX_MESSAGES, written out
  // here so the forms do not carry zod; messages.test.ts checks the list against them).
  "The name field is required.": "spec.NAME_FIELD_REQUIRED",
  "The full name field is required.": "spec.FULL_NAME_REQUIRED",
  "The phone field is required.": "spec.PHONE_FIELD_REQUIRED",
  "The message field is required.": "spec.MESSAGE_FIELD_REQUIRED",
  "The city field is required.": "spec.CITY_FIELD_REQUIRED",
};
for (const [english, key] of Object.entries(EXTRA)) KEY_BY_TEXT[english] ??= key;
// Shipping rules: the zone forms and checkout both show them, so they live in `messages`.
for (const [id, english] of Object.entries(SHIPPING_MESSAGES))
  KEY_BY_TEXT[english] ??= `shipping.${id}`;
for (const [id, english] of Object.entries(CAPACITY_MESSAGES))
  KEY_BY_TEXT[english] ??= `capacity.${id}`;

/**
 * A screen's own rules, translated in its own namespace (loaded by its route): the back
 * office's settings, admins and kitchen screens register theirs when their module loads, so
 * their tables never ride along on the storefront's form pages (page-weight budget).
 * Earlier entries win, as above.
 */
export function registerMessages(
  table: Readonly<Record<string, string>>,
  keyOf: (id: string) => string,
): void {
  for (const [id, english] of Object.entries(table)) KEY_BY_TEXT[english] ??= keyOf(id);
}

/**
 * Server sentences that name a country and a zone (the shipping zones' 422s), built by the
 * shared functions: matched by their shape, the country named again in the reader's language
 * (the zone keeps the owner's name for it, as the server gave it).
 */
const NAMED: Array<[pattern: RegExp, key: string]> = [
  [shape(countryInOtherZoneMessage("\u0001", "\u0002")), "shipping.COUNTRY_IN_OTHER_ZONE"],
  [shape(countryRefusedMessage("\u0001")), "shipping.COUNTRY_REFUSED"],
  [shape(countryZonedMessage("\u0001", "\u0002")), "shipping.COUNTRY_ZONED"],
];
function shape(sentence: string): RegExp {
  const escaped = sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^${escaped.replace("\u0001", "(?<country>.+?)").replace("\u0002", "(?<zone>.+)")}$`,
  );
}
/**
 * Names a country (given in English) in `lang`. The country table is 4 KB that every form page
 * would download for a sentence only the back office's zone forms show, so the screens that
 * show it register the lookup (features/admin/shipping/country-list-field.tsx); until then the
 * name is shown as the server gave it.
 */
let nameCountry: (englishName: string, lang: "en" | "ar") => string = (name) => name;
export function registerCountryNames(lookup: typeof nameCountry): void {
  nameCountry = lookup;
}

/** Messages that carry a detail after a fixed text ("This field is too long. (120)"). */
const PREFIXED: Array<[prefix: string, key: string]> = [
  [ORDER_MESSAGES.TOO_LONG, "order.TOO_LONG"],
];
const FAILED_STATUS = /^Failed \((\d{3})\)$/;

/** The key for a text, or undefined for a text we do not know (exported for tests). */
export function messageKey(
  text: string,
): { key: string; status?: string; country?: string; zone?: string } | undefined {
  // Own keys only: a server text such as "constructor" must not find Object's own.
  const exact = Object.hasOwn(KEY_BY_TEXT, text) ? KEY_BY_TEXT[text] : undefined;
  if (exact) return { key: exact };
  for (const [pattern, key] of NAMED) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return { key, country: groups.country, zone: groups.zone };
  }
  const status = FAILED_STATUS.exec(text)?.[1];
  if (status) return { key: "spec.FAILED_STATUS", status };
  const prefixed = PREFIXED.find(([prefix]) => text.startsWith(prefix));
  return prefixed ? { key: prefixed[1] } : undefined;
}

export type MessageText = (text: string | undefined | null) => string;

/** `(text) => text in the current language`, for schema and server messages. */
export function useMessageText(): MessageText {
  const { t, i18n } = useTranslation("messages");
  const lang = i18n.language;
  return useCallback(
    (text) => {
      if (!text) return "";
      const found = messageKey(text);
      if (!found) return text;
      // A key not translated yet shows the English text rather than the key itself.
      return t(found.key, {
        status: found.status,
        country: found.country && nameCountry(found.country, lang),
        zone: found.zone,
        defaultValue: text,
      });
    },
    [t, lang],
  );
}
