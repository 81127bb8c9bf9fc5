import { z } from "zod";
import { productInputSchema } from "../../shared/schemas/admin-catalog.ts";
import { dishInputSchema, dishUpdateSchema } from "../../shared/schemas/kitchen.ts";

/**
 * What the routes' own schemas cannot say, added to the generated document in one
 * place: each operation's id and tag, its security (from where the route is registered),
 * every error answer with the shop's one error shape, multipart bodies and examples. A
 * route's summary sits in its own `schema.summary`; one without gets a plain one made from
 * its method and path. openapi.ts applies it; the conformance check
 * (src/server/test/openapi-conformance.ts) holds every answer the API suites see against the
 * result.
 */

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI fragment is plain JSON.
type Json = any;

/** What the route table tells about one operation (collected by openapi.ts's transform). */
export type RouteFacts = {
  /** Registered under `withRoles` (the admin API and the admin-only product create). */
  roles?: readonly string[];
  /** `preHandler: app.requireUser`. */
  customer: boolean;
  /** `config.rateLimit` set (a 429 with Retry-After once the limit is reached). */
  rateLimited: boolean;
};

/** One declared list: every operation gets exactly one of these (first match wins). */
export const TAGS: ReadonlyArray<{ name: string; description: string; prefixes: string[] }> = [
  {
    name: "auth",
    description: "Registration, sign-in (customer and admin), password reset, e-mail verification.",
    prefixes: ["/api/auth/", "/api/account/verification"],
  },
  {
    name: "account",
    description: "The signed-in customer's account: details, password, data export, deletion.",
    prefixes: ["/api/account"],
  },
  {
    name: "catalogue",
    description: "Products and categories as the shop shows them.",
    prefixes: ["/api/products", "/api/categories", "/api/restock-alerts"],
  },
  {
    name: "orders",
    description:
      "Placing and finding orders; an order's private page (its key or its signed-in owner), card payment sessions and transfer receipts.",
    prefixes: ["/api/orders"],
  },
  {
    name: "payments",
    description: "The card gateway's signed webhook.",
    prefixes: ["/api/payments/"],
  },
  { name: "coupons", description: "Checking a coupon code.", prefixes: ["/api/coupons/"] },
  {
    name: "kitchen",
    description: "The kitchen's daily menu and its QR code.",
    prefixes: ["/api/kitchen"],
  },
  {
    name: "contact",
    description: "The contact form, trader enquiries and the partnership guide.",
    prefixes: ["/api/contact", "/api/traders"],
  },
  {
    name: "newsletter",
    description: "Subscribing, confirming and unsubscribing.",
    prefixes: ["/api/newsletter"],
  },
  { name: "content", description: "FAQ and policy pages.", prefixes: ["/api/content/"] },
  {
    name: "settings",
    description: "The shop's public settings (contact details, currency...).",
    prefixes: ["/api/settings"],
  },
  {
    name: "shipping",
    description: "Delivery zones, pickup points and quotes.",
    prefixes: ["/api/shipping"],
  },
  {
    name: "admin orders",
    description: "Back office: orders, payments, refunds, notes and receipts.",
    prefixes: ["/api/admin/orders"],
  },
  {
    name: "admin customers",
    description: "Back office: customers (accounts and guest buyers), their orders and notes.",
    prefixes: ["/api/admin/customers"],
  },
  {
    name: "admin notifications",
    description: "Back office: the bell (new orders, messages, low stock).",
    prefixes: ["/api/admin/notifications"],
  },
  {
    name: "admin dashboard",
    description: "Back office: sales figures.",
    prefixes: ["/api/admin/dashboard"],
  },
  {
    name: "admin inbox",
    description: "Back office: contact messages, trader enquiries and newsletter subscribers.",
    prefixes: [
      "/api/admin/inbox",
      "/api/admin/contact-messages",
      "/api/admin/trader-enquiries",
      "/api/admin/subscribers",
    ],
  },
  {
    name: "admin content",
    description: "Back office: FAQ and policy pages.",
    prefixes: ["/api/admin/content/"],
  },
  {
    name: "admin audit",
    description: "Back office: who changed what.",
    prefixes: ["/api/admin/audit"],
  },
  {
    name: "admin catalogue",
    description: "Back office: products (multipart with pictures, CSV) and categories.",
    prefixes: ["/api/admin/products", "/api/admin/categories"],
  },
  {
    name: "admin coupons",
    description:
      "Back office: coupons (`/copouns`, the original misspelling, is kept for its first client).",
    prefixes: ["/api/admin/coupons", "/api/admin/copouns"],
  },
  {
    name: "admin kitchen",
    description: "Back office: the kitchen's dishes (multipart with a picture).",
    prefixes: ["/api/admin/kitchen"],
  },
  {
    name: "admin settings",
    description: "Back office: the shop's settings.",
    prefixes: ["/api/admin/settings"],
  },
  {
    name: "admin shipping",
    description: "Back office: zones, carriers and refused places.",
    prefixes: ["/api/admin/shipping/"],
  },
  {
    name: "admin webhooks",
    description:
      "Back office: webhook endpoints and their deliveries (signed with `Shop-Signature`).",
    prefixes: ["/api/admin/webhooks"],
  },
  {
    name: "admin team",
    description: "Back office: the signed-in admin, the team and their roles, one's password.",
    prefixes: ["/api/admin/me", "/api/admin/admins", "/api/admin/password"],
  },
  {
    name: "admin two-factor",
    description: "Back office: two-factor sign-in (authenticator codes) and the owner's policy.",
    prefixes: ["/api/admin/2fa"],
  },
  // Catch-alls, so a new area is never untagged (give it its own tag above).
  { name: "admin", description: "Back office: other routes.", prefixes: ["/api/admin/"] },
  { name: "shop", description: "Other public routes.", prefixes: ["/api/"] },
];

export function tagOf(path: string): string {
  const hit = TAGS.find((tag) => tag.prefixes.some((p) => path === p || path.startsWith(p)));
  return hit?.name ?? "shop";
}

/**
 * `getAdminOrdersByIdRefund`: the method and the path, camel-cased, parameters as `ById`.
 * Stable (it changes only with the path) and unique (one per method and path).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

const NOUNS: Record<string, [string, string]> = {
  categories: ["categories", "category"],
  "contact-messages": ["contact messages", "contact message"],
  "trader-enquiries": ["trader enquiries", "trader enquiry"],
  copouns: ["coupons (the original misspelling)", "coupon (the original misspelling)"],
  kitchen: ["dishes", "dish"],
  admins: ["admins", "admin"],
  faq: ["FAQ entries", "FAQ entry"],
  policies: ["policy pages", "policy page"],
  zones: ["delivery zones", "delivery zone"],
  carriers: ["carriers", "carrier"],
};

/**
 * "List products", "Get a product", "Update a delivery zone"...: the summary of an operation
 * whose route declares none (`schema.summary` beside its params and body says it better).
 */
function summaryOf(method: string, path: string): string {
  const segments = path.replace(/^\/api\/(admin\/)?/, "").split("/");
  const item = /^\{.+\}$/.test(segments.at(-1) ?? "");
  const noun = (item ? segments.at(-2) : segments.at(-1)) ?? "resource";
  const [plural, singular] = NOUNS[noun] ?? [
    noun.replace(/[-_.]/g, " "),
    noun.replace(/[-_.]/g, " ").replace(/ies$/, "y").replace(/s$/, ""),
  ];
  const a = /^[aeiou]/i.test(singular) ? "an" : "a";
  if (method === "GET") return item ? `Get ${a} ${singular}` : `List ${plural}`;
  if (method === "POST") return item ? `Update ${a} ${singular}` : `Create ${a} ${singular}`;
  if (method === "PUT" || method === "PATCH")
    return item ? `Update ${a} ${singular}` : `Update ${plural}`;
  if (method === "DELETE") return item ? `Delete ${a} ${singular}` : `Delete ${plural}`;
  return `${method} ${path}`;
}

/**
 * Answers a route gives that neither its schema nor the general rules below show: a conflict,
 * a sign-in's refusals, a per-account limit, CSV. Checked by the conformance test.
 */
const EXTRA_ANSWERS: Record<string, number[]> = {
  "POST /api/auth/login": [401, 403, 429],
  "POST /api/auth/admin-login": [401, 403, 429],
  "PUT /api/account": [429],
  "PUT /api/account/password": [429],
  "PUT /api/admin/password": [429],
  "DELETE /api/account": [409, 429],
  "POST /api/account/verification": [409, 429],
  "POST /api/newsletter/confirm": [404],
  "POST /api/auth/reset-password": [404],
  "POST /api/auth/verify-email": [404],
  "POST /api/orders/lookup": [404, 429],
  "POST /api/orders": [409],
  "POST /api/orders/{number}/payment-session": [409],
  "POST /api/payments/stripe/webhook": [404],
  "POST /api/shipping/quote": [404],
  "DELETE /api/admin/categories/{id}": [409],
  "DELETE /api/admin/price-lists/{id}": [409],
  "POST /api/admin/inbox/{id}/approve-trader": [409],
  "POST /api/admin/traders": [409],
  "POST /api/admin/admins": [409],
  "PUT /api/admin/admins/{id}": [409],
  "DELETE /api/admin/admins/{id}": [409],
  "POST /api/admin/orders": [409],
  "POST /api/admin/orders/{id}/payments": [409],
  "POST /api/admin/orders/{id}/refund": [409],
  // A stale version, an order past editing, an amount already paid.
  "PATCH /api/admin/orders/{id}/lines": [409],
  "PUT /api/admin/orders/{id}/weights": [409],
  "POST /api/admin/orders/{id}/payment-link": [409],
  "PATCH /api/admin/orders/{id}": [409],
};

/** Answers that send the browser elsewhere (Google sign-in, only with GOOGLE_CLIENT_ID). */
const REDIRECTS: Record<string, { status: string; description: string }> = {
  "GET /api/auth/google": { status: "302", description: "To Google's sign-in page." },
  "POST /api/auth/google/callback": {
    status: "303",
    description: "Back to /login, the token or the refusal in the fragment.",
  },
};

/** Operations that accept a bearer token but do not need one (an order's page, checkout). */
const OPTIONAL_SIGN_IN = new Set([
  "POST /api/orders",
  "GET /api/orders/{number}",
  "POST /api/orders/{number}/payment-session",
  "POST /api/orders/{number}/receipt",
  "GET /api/orders/{number}/receipts",
  "GET /api/orders/{number}/invoice.pdf",
  "GET /api/orders/{number}/credit-notes/{credit}",
]);

const PDF_ANSWER = {
  status: "200",
  type: "application/pdf",
  schema: { type: "string", format: "binary" },
};

/** Answers that are files, not JSON. */
const FILE_ANSWERS: Record<string, { status: string; type: string; schema?: Json }[]> = {
  "GET /api/admin/orders": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/orders.csv": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/production": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/reports/sales": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/customers.csv": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/products/export.csv": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/contact-messages": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/trader-enquiries": [{ status: "200", type: "text/csv" }],
  "GET /api/admin/subscribers": [{ status: "200", type: "text/csv" }],
  "GET /api/account/statement": [{ status: "200", type: "text/csv" }, PDF_ANSWER],
  "GET /api/kitchen/qr.svg": [{ status: "200", type: "image/svg+xml" }],
  "GET /api/restock-alerts/stop": [{ status: "200", type: "text/html" }],
  "GET /api/review-requests/stop": [{ status: "200", type: "text/html" }],
  "GET /api/traders/partnership-guide.pdf": [
    { status: "200", type: "application/pdf", schema: { type: "string", format: "binary" } },
  ],
  "GET /api/orders/{number}/invoice.pdf": [PDF_ANSWER],
  "GET /api/orders/{number}/credit-notes/{credit}": [PDF_ANSWER],
  "GET /api/admin/orders/{id}/invoice.pdf": [PDF_ANSWER],
  "GET /api/admin/orders/{id}/credit-notes/{credit}": [PDF_ANSWER],
  "GET /api/admin/orders/{id}/commercial-invoice.pdf": [PDF_ANSWER],
  "GET /api/admin/invoices": [
    { status: "200", type: "text/csv" },
    { status: "200", type: "application/zip", schema: { type: "string", format: "binary" } },
  ],
  "GET /api/admin/orders/{id}/receipts/{receipt}": [
    // Stored receipts are re-encoded to WebP, or kept as PDF.
    "image/webp",
    "application/pdf",
  ].map((type) => ({ status: "200", type, schema: { type: "string", format: "binary" } })),
};

const binary = { type: "string", format: "binary" };

/**
 * Keys of a zod object that accept a missing value. zod's JSON Schema calls a field behind a
 * `preprocess` required even when the server takes it missing (`max_uses`: empty = unlimited);
 * asking the field itself is the truth.
 */
export function optionalKeys(schema: unknown): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape || typeof shape !== "object") return new Set();
  return new Set(
    Object.entries(shape)
      .filter(([, field]) => {
        try {
          return (field as z.ZodType).safeParse(undefined).success;
        } catch {
          return false;
        }
      })
      .map(([key]) => key),
  );
}

/** Removes `keys` from a JSON Schema object's `required`. */
export function dropRequired(json: Json, keys: Set<string>): void {
  if (!json || !Array.isArray(json.required) || keys.size === 0) return;
  json.required = json.required.filter((key: string) => !keys.has(key));
  if (json.required.length === 0) delete json.required;
}

/** A zod input schema as JSON Schema (2020-12, OpenAPI 3.1's dialect). */
function inputSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Json;
  delete json.$schema;
  dropRequired(json, optionalKeys(schema));
  return json;
}

/** Form fields arrive as text: each field may be its typed value or its text. */
function formFields(schema: z.ZodType, files: Record<string, Json>): Json {
  const json = inputSchema(schema);
  const properties: Record<string, Json> = {};
  for (const [key, value] of Object.entries<Json>(json.properties ?? {})) {
    properties[key] = { ...value };
  }
  return {
    type: "object",
    properties: { ...properties, ...files },
    ...(json.required?.length ? { required: json.required } : {}),
  };
}

const productFiles = {
  image: { ...binary, description: "The main picture (JPEG, PNG or WebP)." },
  images: {
    type: "array",
    items: binary,
    maxItems: 10,
    description: "More pictures (repeat the field).",
  },
  image_url: { type: "string", description: "A picture already uploaded, by its address." },
  _method: { type: "string", enum: ["PUT"], description: "An HTML form's way of saying PUT." },
};
const dishFiles = {
  image: { description: "A picture (file) or the address of one already uploaded.", ...binary },
  _method: productFiles._method,
};

/** The request bodies of routes that read multipart themselves (no zod body schema). */
function multipartBodies(): Record<string, Json> {
  const product = (schema: z.ZodType) => ({
    required: true,
    content: {
      "multipart/form-data": {
        schema: formFields(schema, productFiles),
        encoding: { image: { contentType: "image/jpeg, image/png, image/webp" } },
      },
      "application/json": { schema: inputSchema(schema) },
    },
  });
  const dish = (schema: z.ZodType) => ({
    required: true,
    content: {
      "multipart/form-data": { schema: formFields(schema, dishFiles) },
      "application/json": { schema: inputSchema(schema) },
    },
  });
  const productBody = product(productInputSchema);
  return {
    "POST /api/products": productBody,
    "POST /api/admin/products": productBody,
    "POST /api/admin/products/{id}": productBody,
    "PUT /api/admin/products/{id}": productBody,
    "POST /api/admin/kitchen": dish(dishInputSchema),
    "PUT /api/admin/kitchen/{id}": dish(dishUpdateSchema),
    "POST /api/admin/kitchen/{id}": dish(dishUpdateSchema),
    "POST /api/orders/{number}/receipt": {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              file: {
                ...binary,
                description: "The receipt: a picture (JPEG, PNG, WebP) or a PDF.",
              },
            },
            required: ["file"],
          },
        },
      },
    },
    "POST /api/admin/products/import": {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              file: { ...binary, description: "The products CSV (UTF-8), as exported." },
            },
            required: ["file"],
          },
          encoding: { file: { contentType: "text/csv" } },
        },
      },
    },
  };
}

// ------------------------------------------------------------------------------- errors

const ERROR_SCHEMA = {
  type: "object",
  description: "Every error: a message for people, and field errors keyed by field path.",
  properties: {
    message: { type: "string", example: "The given data was invalid." },
    errors: {
      type: "object",
      description: 'Keyed by field ("lines.0.qty"); each with its messages.',
      additionalProperties: { type: "array", items: { type: "string" } },
    },
    request_id: { type: "string", description: "On a 5xx: quote it when reporting." },
  },
  required: ["message"],
};

const retryAfter = {
  "Retry-After": { description: "Seconds to wait.", schema: { type: "integer", minimum: 0 } },
};

const ERROR_RESPONSES: Record<string, { name: string; description: string; headers?: Json }> = {
  "400": { name: "BadRequest", description: "The address, query or JSON could not be read." },
  "401": { name: "Unauthorized", description: "No valid bearer token (or wrong credentials)." },
  "403": {
    name: "Forbidden",
    description: "Signed in, but not allowed (not an admin, or not this role).",
  },
  "404": { name: "NotFound", description: "No such record." },
  "409": { name: "Conflict", description: "The record's state does not allow it." },
  "413": { name: "PayloadTooLarge", description: "The body or a file is too large." },
  "414": { name: "UriTooLong", description: "A path parameter is too long." },
  "421": {
    name: "MisdirectedRequest",
    description: "In production without PUBLIC_URL: a host the shop does not answer for.",
  },
  "415": { name: "UnsupportedMediaType", description: "The body's content type is not accepted." },
  "422": {
    name: "ValidationFailed",
    description: "The content is not valid: `errors` names each field.",
  },
  "429": {
    name: "TooManyRequests",
    description: "Too many requests: wait `Retry-After` seconds.",
    headers: retryAfter,
  },
  "503": {
    name: "ServiceUnavailable",
    description: "The database is out of reach for a moment: retry after `Retry-After` seconds.",
    headers: retryAfter,
  },
};

const ref = (status: string) => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}`,
});

function errorComponents(): Record<string, Json> {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, headers }) => [
      name,
      {
        description,
        ...(headers ? { headers } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

const SUCCESS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No content",
};

// ------------------------------------------------------------------------------- examples

const productExample = {
  id: 12,
  name: "Pistachio baklava",
  name_ar: "بقلاوة بالفستق",
  description: "Thin layers of pastry, Aleppo pistachios and syrup.",
  description_ar: "طبقات رقيقة من العجين مع فستق حلبي وقطر.",
  price: 32,
  discount_price: null,
  category_id: { id: 2, name: "Baklava", name_ar: "بقلاوة", slug: "baklava" },
  weight: 1,
  weight_unit: "kg",
  image_url: "/uploads/products/pistachio-baklava.webp",
  image: null,
  sku: "BAK-PIS-1",
  in_stock: true,
  default_grams: 1000,
  default_price: 32,
  price_source: "retail",
};

const EXAMPLES: Record<string, { request?: Json; responses?: Record<string, Json> }> = {
  "GET /api/products": {
    responses: {
      "200": { data: [productExample], meta: { page: 1, per_page: 12, total: 1, last_page: 1 } },
    },
  },
  "GET /api/products/{id}": {
    responses: {
      "200": {
        data: {
          ...productExample,
          weights: [
            { label: "500 g", label_ar: "٥٠٠ غ", grams: 500, price: 16, discount_price: null },
            { label: "1 kg", label_ar: "١ كغ", grams: 1000, price: 32, discount_price: null },
          ],
          currency: "USD",
          inStock: true,
          stock: null,
          shippingNote: "Delivered within two days in Damascus.",
          shippingNote_ar: "التوصيل خلال يومين في دمشق.",
          box: null,
          food: {
            ingredients: "Wheat flour, pistachios (30%), ghee (milk), sugar, water, lemon juice",
            ingredients_ar: "طحين القمح، فستق حلبي (30%)، سمن (حليب)، سكر، ماء، عصير الليمون",
            allergens: ["gluten", "milk", "nuts"],
            traces: ["sesame"],
            shelf_life_days: 21,
            storage: "Keep in a cool, dry place.",
            storage_ar: "يحفظ في مكان بارد وجاف.",
            nutrition: {
              energy_kj: 2010,
              energy_kcal: 480,
              fat: 26,
              saturates: 11,
              carbohydrate: 54,
              sugars: 30,
              protein: 8.5,
              salt: 0.1,
            },
            origin: "SY",
            hs_code: "190590",
          },
        },
      },
    },
  },
  "POST /api/orders": {
    request: {
      name: "Lina Haddad",
      phone: "+963 944 123 456",
      email: "lina@example.org",
      country: "Syria",
      city: "Damascus",
      address: "Abu Rummaneh, 12 Al-Jalaa Street",
      notes: null,
      payment_method: "cod",
      coupon: null,
      lang: "ar",
      lines: [{ productId: 12, grams: 1000, qty: 2 }],
      shipping_method: null,
      ready_date: "2026-07-01",
      slot: "17:00-21:00",
    },
    responses: {
      "201": {
        data: {
          number: "SW-000123",
          status: "pending",
          created_at: "2026-06-30T09:00:00.000Z",
          name: "Lina Haddad",
          phone: "+963 944 123 456",
          email: "lina@example.org",
          country: "Syria",
          city: "Damascus",
          address: "Abu Rummaneh, 12 Al-Jalaa Street",
          notes: null,
          payment_method: "cod",
          due_date: null,
          payment_status: "unpaid",
          paid_amount: null,
          paid_at: null,
          payment_url: null,
          balance_due: 67,
          refunded_amount: 0,
          version: 1,
          coupon: null,
          subtotal: 64,
          discount: 0,
          discount_percent: 0,
          discount_source: "none",
          delivery_fee: 3,
          shipping: {
            method: "delivery:1",
            kind: "delivery",
            zone: "Damascus",
            zone_ar: "دمشق",
            name: "Home delivery",
            name_ar: "توصيل إلى المنزل",
            fee: 3,
            delivery_date: "2026-07-01",
            pickup: null,
            carrier: null,
            carrier_ar: null,
            tracking_number: null,
            tracking_url: null,
          },
          gift: null,
          gift_wrap_fee: 0,
          ready_date: "2026-07-01",
          slot: { id: "17:00-21:00", label: "17:00–21:00", label_ar: "من 17:00 إلى 21:00" },
          season: null,
          dishes: [],
          kitchen: null,
          total: 67,
          total_grams: 2000,
          lines: [
            {
              line_id: 501,
              product_id: 12,
              name: "Pistachio baklava",
              name_ar: "بقلاوة بالفستق",
              grams: 1000,
              qty: 2,
              unit_price: 32,
              line_total: 64,
              weighed_grams: null,
              refunded: 0,
              image_url: "/uploads/products/pistachio-baklava.webp",
              contents: null,
            },
          ],
          access_key: "k3Zq9…",
          events: [
            { status: "pending", at: "2026-06-30T09:00:00.000Z", actor: "customer", note: null },
          ],
          payment_instructions: null,
          messaging_link: null,
          invoice: null,
          credit_notes: [],
        },
      },
    },
  },
  "POST /api/auth/admin-login": {
    request: { email: "owner@example.org", password: "correct horse battery staple" },
    responses: {
      "200": {
        token: "4f1c2d…",
        token_type: "Bearer",
        expires_at: "2026-07-01T09:00:00.000Z",
        user: {
          id: 1,
          name: "Shop owner",
          email: "owner@example.org",
          is_admin: 1,
          username: null,
          company: null,
          phone: null,
          country: null,
          location: null,
          email_verified: true,
        },
      },
    },
  },
};

// ------------------------------------------------------------------------------- completing

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** What openapi.ts gives to `finishDocument`. */
export type DocumentInput = {
  /** The document @fastify/swagger made from the routes' zod schemas. */
  document: Json;
  /** Per `METHOD /path/{param}`: what the route table says (see openapi.ts). */
  facts: Map<string, RouteFacts>;
  /** PUBLIC_URL, when set. */
  publicUrl?: string;
};

/** Adds what the schemas cannot say; see the comment at the top. */
export function finishDocument({ document, facts, publicUrl }: DocumentInput): Json {
  const multipart = multipartBodies();
  const usedTags = new Set<string>();

  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const fact = facts.get(key) ?? { customer: false, rateLimited: false };
      const admin = fact.roles !== undefined;

      op.operationId ??= operationIdOf(method, path);
      op.summary ??= summaryOf(method.toUpperCase(), path);
      const tag = tagOf(path);
      op.tags = [tag];
      usedTags.add(tag);

      if (admin) {
        op.security = [{ admin: [] }];
        op["x-admin"] = true;
        op["x-roles"] = [...fact.roles!];
        const roles = fact.roles!.join(", ");
        op.description = [op.description, `Admin roles: ${roles} (an owner may call every route).`]
          .filter(Boolean)
          .join("\n\n");
      } else if (fact.customer) op.security = [{ customer: [] }];
      else if (OPTIONAL_SIGN_IN.has(key)) op.security = [{}, { customer: [] }];
      else op.security = [];

      if (multipart[key] && !op.requestBody) op.requestBody = multipart[key];
      const takesBody = Boolean(op.requestBody);
      const hasParams = (op.parameters ?? []).some((p: Json) => p.in === "path");

      // The error answers every route of its kind can give: any request may carry a bad
      // address or Host (400), come by a host a production shop without PUBLIC_URL does not
      // answer (421) or meet the database away (503); any request but a GET may
      // carry a body, which Fastify parses whatever the route (too large 413, an unknown
      // type 415, text PostgreSQL cannot store 422); a path parameter may name nothing
      // (404) or be too long (414).
      const statuses = new Set<string>(["400", "421", "503"]);
      if (admin || fact.customer) statuses.add("401");
      if (admin) statuses.add("403");
      if (hasParams) for (const s of ["404", "414"]) statuses.add(s);
      if (takesBody || method !== "get") for (const s of ["413", "415", "422"]) statuses.add(s);
      if (fact.rateLimited) statuses.add("429");
      for (const s of EXTRA_ANSWERS[key] ?? []) statuses.add(String(s));

      const responses: Record<string, Json> = op.responses ?? {};
      for (const [status, response] of Object.entries<Json>(responses)) {
        if (/^[45]/.test(status)) {
          // The route declared an error: it is the shop's one error shape.
          statuses.add(status);
          delete responses[status];
        } else if (!response.description || response.description === "Default Response") {
          response.description = SUCCESS_TEXT[status] ?? "OK";
        }
      }
      const redirect = REDIRECTS[key];
      if (redirect) {
        if (!responses["200"]?.content) delete responses["200"];
        responses[redirect.status] = {
          description: redirect.description,
          headers: { Location: { description: "Where to go.", schema: { type: "string" } } },
        };
      }
      for (const file of FILE_ANSWERS[key] ?? []) {
        const response = (responses[file.status] ??= { description: "OK" });
        if (response.description === "Default Response") response.description = "OK";
        response.content = {
          ...(response.content ?? {}),
          [file.type]: { schema: file.schema ?? { type: "string" } },
        };
      }
      for (const status of [...statuses].sort()) responses[status] = ref(status);
      op.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
      );

      const example = EXAMPLES[key];
      if (example?.request) {
        const media = op.requestBody?.content?.["application/json"];
        if (media) media.example = example.request;
      }
      for (const [status, value] of Object.entries(example?.responses ?? {})) {
        const media = op.responses[status]?.content?.["application/json"];
        if (media) media.example = value;
      }
    }
  }

  document.servers = [
    { url: publicUrl ?? "/", description: publicUrl ? "This shop" : "This host" },
  ];
  document.tags = TAGS.filter((tag) => usedTags.has(tag.name)).map(({ name, description }) => ({
    name,
    description,
  }));
  document.components = {
    ...document.components,
    securitySchemes: {
      admin: {
        type: "http",
        scheme: "bearer",
        description:
          "An admin token from POST /api/auth/admin-login. Each admin route also needs one of the roles it lists (`x-roles`).",
      },
      customer: {
        type: "http",
        scheme: "bearer",
        description:
          "A token from POST /api/auth/login or /api/auth/register (an admin token is accepted too).",
      },
    },
    schemas: { ...(document.components?.schemas ?? {}), Error: ERROR_SCHEMA },
    responses: { ...(document.components?.responses ?? {}), ...errorComponents() },
  };
  return document;
}
