/**
 * The shop's exact English validation and error texts, keyed by a stable id. Forms, routes and
 * translations refer to the id; the English value must stay word for word,
 * oddities included ("discount price must be ≤ price", lower case).
 */
export const MESSAGES = {
  // Validation
  EMAIL_PASSWORD_REQUIRED: "Email and password are required",
  PASSWORD_MIN: "Password must be at least 6 characters long",
  NAME_REQUIRED: "Name is required",
  PASSWORDS_DO_NOT_MATCH: "Passwords do not match",
  ADMIN_NOT_AUTHORIZED: "You are not authorized to access the admin dashboard.",
  REGULAR_PRICE_REQUIRED: "Regular price is required",
  CATEGORY_REQUIRED: "Category is required",
  DISCOUNT_ABOVE_PRICE: "discount price must be ≤ price",
  COUPON_PERCENT: "Discount percent must be between 1 and 100.",
  COUPON_MAX_USES: "Max uses must be a positive integer.",
  CONTACT_REQUIRED: "Please fill all required fields.",

  // Products and shop page
  PRODUCT_FETCH_FAILED: "Product fetch failed",
  INVALID_DATA_FORMAT: "Received invalid data format",
  PRODUCTS_LOAD_FAILED: "Failed to load products",
  TRY_AGAIN: "Try again",
  NO_PRODUCTS_FOUND: "No products found.",
  ADJUST_SEARCH: "Try adjusting your search or filters.",
  PRODUCT_LOAD_FAILED: "Failed to load product.",
  NOT_FOUND: "Not found.",

  // Contact, kitchen, cart
  CONTACT_SEND_FAILED: "Failed to send message",
  CONTACT_SEND_FAILED_PAGE: "Failed to send message.",
  SENDING: "Sending...",
  KITCHEN_FETCH_FAILED: "Failed to fetch kitchen items",
  KITCHEN_FETCH_ERROR: "Error fetching kitchen Dishes",
  ADDED_TO_CART: "item added to cart successfully",
  CART_SAVE_FAILED: "Failed to save cart data",

  // Customer accounts
  LOGIN_FAILED: "Login failed",
  LOGIN_FAILED_RETRY: "Login failed. Please try again.",
  REGISTRATION_FAILED: "Registration failed",

  // Admin
  ADMIN_LOGIN_FAILED: "failed to login as admin",
  DASHBOARD_LOAD_FAILED: "Failed to load dashboard",
  CATEGORIES_FETCH_FAILED: "Failed to fetch categories",
  CATEGORY_ADD_FAILED: "Failed to add category",
  CATEGORY_UPDATE_FAILED: "Failed to update category",
  DELETE_FAILED: "Failed to delete",
  PRODUCTS_FETCH_FAILED: "Failed to fetch products",
  ADMIN_PRODUCT_LOAD_FAILED: "Failed to load product",
  PRODUCT_UPDATE_FAILED: "Failed to update product",
  PRODUCT_ADD_FAILED: "Failed to add product",
  PRODUCT_CREATE_FAILED: "Failed to create product",
  CATEGORIES_LOAD_FAILED: "Could not load categories",
  ORDERS_LOAD_FAILED: "Failed to load orders",
  ORDER_DETAILS_LOAD_FAILED: "Failed to load order details",
  ITEMS_FETCH_FAILED: "Failed to fetch items",
  ITEM_LOAD_FAILED: "Failed to load item",
  UPDATE_FAILED: "Failed to update",
  ITEM_ADD_FAILED: "Failed to add item",
  COUPONS_FETCH_FAILED: "Failed to fetch coupons",
  COUPON_ADD_FAILED: "Failed to add coupon",
  COUPON_UPDATE_FAILED: "Failed to update coupon",

  // Empty states
  CART_EMPTY: "Your cart is empty",
  NO_CATEGORIES: "No categories yet.",
  NO_PRODUCTS: "No products yet.",
  NO_DISHES: "No dishes yet.",
  NO_COUPONS: "No coupons yet.",
  NO_RESULTS: "No results.",

  // Labels with a rule behind them
  OUT_OF_STOCK: "out of stock",
} as const;

export type MessageId = keyof typeof MESSAGES;

/** The shop's error wording "Failed (status)", with the status code filled in. */
export function failedWithStatus(status: number): string {
  return `Failed (${status})`;
}

// Texts of the zod schemas (src/shared/schemas) that the browser's one message translator
// also needs: kept here, free of zod, so a page that only shows a message does not load it.

/** One definition for the checkout form (browser) and `POST /api/orders` (server). */
export const ORDER_MESSAGES = {
  /** Checkout speaks one style ("Please enter your …"); register keeps "Name is required". */
  NAME_REQUIRED: "Please enter your name.",
  PHONE_REQUIRED: "Please enter your phone number.",
  PHONE_INVALID: "Please enter a valid phone number.",
  EMAIL_INVALID: "Please enter a valid email address.",
  COUNTRY_REQUIRED: "Please choose a country.",
  COUNTRY_INVALID: "Please choose a country from the list.",
  CITY_REQUIRED: "Please enter your city.",
  ADDRESS_REQUIRED: "Please enter your address.",
  PAYMENT_METHOD: "Please choose a payment method.",
  LINES_REQUIRED: "Your cart is empty.",
  TOO_MANY_LINES: "An order can have at most 100 lines.",
  PRODUCT_INVALID: "This product is not valid.",
  GRAMS_INVALID: "This weight is not valid.",
  QTY_INVALID: "The quantity must be a whole number between 1 and 8.",
  LINE_REPEATED_QTY: "This product and weight is in the order more than once: together at most 8.",
  TOO_LONG: "This field is too long.",
  /** Gift orders. */
  RECIPIENT_NAME_REQUIRED: "Please enter the recipient's name.",
  RECIPIENT_PHONE_INVALID: "Please enter the recipient's phone number.",
  GIFT_MESSAGE_TOO_LONG: "The card message can be at most 200 characters.",
  GIFT_WRAP_UNAVAILABLE: "Gift wrapping is not offered at the moment.",
} as const;

export const ACCOUNT_MESSAGES = {
  COUNTRY: "Please choose Syria, Turkey, Qatar or UAE.",
  PHONE: "Please enter a valid phone number.",
  TOO_LONG: "This field must not be longer than 120 characters.",
} as const;

/** Server-side texts outside MESSAGES; the web translates them by these ids. */
export const AUTH_MESSAGES = {
  INVALID_CREDENTIALS: "These credentials do not match our records.",
  EMAIL_TAKEN: "This email address is already registered.",
  CURRENT_PASSWORD_REQUIRED: "The current password is required.",
  CURRENT_PASSWORD_WRONG: "The current password is incorrect.",
  TOO_MANY_ATTEMPTS: "Too many sign-in attempts. Please wait a minute and try again.",
} as const;

/** The answer to a NUL byte or a lone UTF-16 surrogate in any text a client sends. */
export const TEXT_NOT_ALLOWED = "This text contains characters that are not allowed.";

export const PASSWORD_MAX = 128;
export const PASSWORD_TOO_LONG = `Password must not be longer than ${PASSWORD_MAX} characters.`;

/** Password reset: the server's answers, translated in the browser by these ids. */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request, whether or not the address has an account. */
  SENT: "If an account exists for this address, we have sent a link to reset the password.",
  UNAVAILABLE:
    "Password resets by e-mail are not available in this shop. Please contact the shop to regain access.",
  TOKEN_INVALID: "This reset link is not valid or has expired. Please ask for a new one.",
  TOKEN_REQUIRED: "The reset link is incomplete. Please open the link from the e-mail again.",
  DONE: "Your password has been changed. Please sign in with the new password.",
} as const;

/** "Find my order": the texts the form and the server share. */
export const ORDER_LOOKUP_MESSAGES = {
  NUMBER_REQUIRED: "The order number is required.",
  CONTACT_REQUIRED: "The e-mail or phone number is required.",
  TOO_LONG: "This field is too long.",
  /** The one answer to a wrong pair and to an unknown number alike. */
  NOT_FOUND: "We could not find an order with this number and e-mail or phone.",
} as const;
