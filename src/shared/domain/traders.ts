/** A trader account is active (buys wholesale, signs in) or suspended (neither). */
export const TRADER_STATUS_VALUES = ["active", "suspended"] as const;
export type TraderStatus = (typeof TRADER_STATUS_VALUES)[number];
