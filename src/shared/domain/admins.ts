/** The admins section's own texts (zod-free: the message translator imports them). */
export const ADMINS_MESSAGES = {
  LAST_ADMIN: "The last admin cannot be removed.",
  SELF: "You cannot remove your own admin account.",
  NOT_FOUND: "Admin not found.",
} as const;

/**
 * Whether an admin may be removed (issue 11): never the last one, and never yourself (you
 * would lock yourself out mid-session; another admin can remove you). Null = allowed.
 */
export function removalRefusal(input: {
  targetId: number;
  actorId: number;
  adminCount: number;
}): string | null {
  if (input.adminCount <= 1) return ADMINS_MESSAGES.LAST_ADMIN;
  if (input.targetId === input.actorId) return ADMINS_MESSAGES.SELF;
  return null;
}
