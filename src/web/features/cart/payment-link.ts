/** Only a web address the server made may take the shopper to a card payment page. */
export const isPaymentLink = (url: string | null): url is string =>
  url !== null && /^https?:\/\//i.test(url);
