/** The settings form's rules (zod-free, so the message translator can import them). */
export const SETTINGS_MESSAGES = {
  REQUIRED: "This field is required.",
  TOO_LONG: "This text is too long.",
  PERCENT: "The discount must be a whole number from 0 to 100.",
  FEE: "The delivery fee must be a number from 0 to 10,000 with at most two decimals.",
  PHONE: "Please enter a valid phone number.",
  PHONES_COUNT: "Give between 1 and 4 phone numbers.",
  EMAIL: "Please enter a valid email address.",
  EMAILS_COUNT: "Give between 1 and 4 e-mail addresses.",
  MESSAGING: "Digits only in international form, 6 to 15 of them (for example 963900000000).",
  URL: "Please enter a full web address starting with https://.",
  LOCATIONS_COUNT: "Add between 1 and 10 locations.",
  LAT: "Latitude is a number from -90 to 90.",
  LNG: "Longitude is a number from -180 to 180.",
  ZOOM: "Zoom is a whole number from 1 to 19.",
  PICKUP: "Pickup must be on or off.",
  PENDING_EXPIRY: "The hours must be a whole number from 0 (never) to 720.",
  CURRENCY_CODE: "Choose a currency from the list.",
  CURRENCY_USD: "US dollars are always offered: list other currencies only.",
  CURRENCY_DUPLICATE: "This currency is already listed.",
  CURRENCY_RATE:
    "The rate is how many units one US dollar buys: a number above 0 and up to 10,000,000, with at most 6 decimals.",
  CURRENCY_SYMBOL: "The symbol is at most 5 characters, without digits or spaces.",
  CURRENCIES_COUNT: "List at most 20 currencies.",
  ON_OFF: "Each order e-mail is either on or off.",
  GIFT_WRAP: "Gift wrapping costs from 0 to 1,000 with at most two decimals.",
  REVIEW_REQUEST_DAYS:
    "The days before asking for a review are a whole number from 1 to 60, or empty for never.",
  TAX_RATE:
    "The tax rate is a percentage from 0 to 100 with at most two decimals, or empty for none.",
  ABANDONED_HOURS: "Reminders wait from 1 to 168 hours (a whole number).",
} as const;
