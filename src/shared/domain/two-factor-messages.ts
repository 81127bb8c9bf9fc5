/** Texts the API answers and the screens show (zod- and otpauth-free: the message translator imports it). */
export const TWO_FACTOR_MESSAGES = {
  CODE_REQUIRED: "Enter the code from your authenticator app.",
  CODE_INVALID: "That code is not right. Check your authenticator app and try again.",
  CODE_USED: "That code was already used. Wait for the next one.",
  CHALLENGE_INVALID: "This sign-in has expired. Sign in with your password again.",
  SETUP_FIRST: "Start the set-up again: scan the new QR code and enter its code.",
  ALREADY_ON: "Two-factor sign-in is already on. Turn it off first.",
  NOT_ON: "Two-factor sign-in is not on.",
  PASSWORD_REQUIRED: "Enter your password.",
  PASSWORD_WRONG: "The password is not right.",
  REQUIRED_SETUP: "The shop requires two-factor sign-in: set it up before anything else.",
  OWNER_FIRST: "Turn on two-factor sign-in for yourself before requiring it for everyone.",
} as const;
