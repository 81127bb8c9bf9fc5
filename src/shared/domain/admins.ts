/** The admins section's own texts (zod-free: the message translator imports them). */
export const ADMINS_MESSAGES = {
  LAST_ADMIN: "The last admin cannot be removed.",
  SELF: "You cannot remove your own admin account.",
  NOT_FOUND: "Admin not found.",
  LAST_OWNER: "The shop needs at least one owner: give another admin the owner role first.",
  ROLES_REQUIRED: "Choose at least one role.",
  ROLE_UNKNOWN: "Choose a role from the list.",
  FORBIDDEN_ROLE: "Your admin roles do not allow this.",
} as const;

/**
 * What an admin may do. `owner` everything (admins, settings, shipping, dashboard);
 * `orders` the orders desk, bell, inbox, customers and slips; `catalogue` products, categories,
 * coupons, the content pages and the buyers' reviews; `kitchen` the dishes and their sold-out switch.
 */
export const ADMIN_ROLES = ["owner", "orders", "catalogue", "kitchen"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Anything an admin does for themselves (who am I, my password): every role. */
export const ANY_ADMIN: readonly AdminRole[] = ADMIN_ROLES;

export const isAdminRole = (value: unknown): value is AdminRole =>
  (ADMIN_ROLES as readonly unknown[]).includes(value);

/**
 * Whether an admin holding `held` may use something that needs one of `needed`. The owner
 * may use everything; nobody may use what declares no roles (a route that forgot to say).
 */
export function rolesAllow(
  held: readonly string[],
  needed: readonly AdminRole[] | undefined,
): boolean {
  if (!needed || needed.length === 0) return false;
  if (held.includes("owner")) return true;
  return needed.some((role) => held.includes(role));
}

/** The roles in their fixed order, each once, unknown names dropped (storage and display). */
export function normaliseRoles(roles: readonly string[]): AdminRole[] {
  return ADMIN_ROLES.filter((role) => roles.includes(role));
}

/**
 * The back office screens and who sees them: the admin menu shows only these, and a screen
 * opened by its address shows "not allowed" to anyone else. Same split as the API's routes.
 */
export const SCREEN_ROLES = {
  dashboard: ["owner"],
  reports: ["owner"],
  orders: ["orders"],
  print: ["orders"],
  inbox: ["orders"],
  customers: ["orders"],
  traders: ["orders"],
  receivables: ["orders"],
  products: ["catalogue"],
  categories: ["catalogue"],
  coupons: ["catalogue"],
  promotions: ["catalogue"],
  giftCards: ["owner"],
  // The newsletter is the shop's content written to its subscribers: the role that writes the
  // pages and the promotions writes it too.
  campaigns: ["catalogue"],
  pages: ["catalogue"],
  kitchen: ["kitchen"],
  settings: ["owner"],
  shipping: ["owner"],
  calendar: ["owner"],
  production: ["orders", "kitchen"],
  kitchenOrders: ["orders", "kitchen"],
  reviews: ["catalogue"],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminScreen = keyof typeof SCREEN_ROLES;

/**
 * Whose history an admin may read (`GET /api/admin/audit?entity=`): the role that edits the
 * record. Anything else (admins, settings, shipping) and the unfiltered log: owners only.
 */
export const AUDIT_ENTITY_ROLES: Readonly<Record<string, readonly AdminRole[]>> = {
  product: ["catalogue"],
  category: ["catalogue"],
  coupon: ["catalogue"],
  promotion: ["catalogue"],
  faq_item: ["catalogue"],
  policy_section: ["catalogue"],
  review: ["catalogue"],
  dish: ["kitchen"],
  kitchen_delivery: ["kitchen"],
  order: ["orders"],
  customer: ["orders"],
};
// Own keys only: a plain object also answers "constructor" or "toString" (inherited), which
// the query string may name.
export const auditReadRoles = (entity: string | undefined): readonly AdminRole[] =>
  (entity && Object.hasOwn(AUDIT_ENTITY_ROLES, entity)
    ? AUDIT_ENTITY_ROLES[entity]
    : undefined) ?? ["owner"];

/**
 * Whether an admin may be removed: never the last one, and never yourself (you
 * would lock yourself out mid-session; another admin can remove you); never the last owner
 *. Null = allowed.
 */
export function removalRefusal(input: {
  targetId: number;
  actorId: number;
  adminCount: number;
  /** Admins holding the owner role, the target included (default: no owner rule). */
  ownerCount?: number;
  targetIsOwner?: boolean;
}): string | null {
  if (input.adminCount <= 1) return ADMINS_MESSAGES.LAST_ADMIN;
  if (input.targetId === input.actorId) return ADMINS_MESSAGES.SELF;
  if (input.targetIsOwner && (input.ownerCount ?? Infinity) <= 1) return ADMINS_MESSAGES.LAST_OWNER;
  return null;
}

/** Whether an admin's roles may become `next`: at least one, and the last owner stays one. */
export function roleChangeRefusal(input: {
  current: readonly string[];
  next: readonly string[];
  ownerCount: number;
}): string | null {
  if (normaliseRoles(input.next).length === 0) return ADMINS_MESSAGES.ROLES_REQUIRED;
  const demoted = input.current.includes("owner") && !input.next.includes("owner");
  if (demoted && input.ownerCount <= 1) return ADMINS_MESSAGES.LAST_OWNER;
  return null;
}

/** What changed between two role lists, for the audit log ("catalogue, kitchen"). */
export const rolesText = (roles: readonly string[]): string => normaliseRoles(roles).join(", ");
