/**
 * Newsletter campaigns: the owner's texts (zod-free, so the admin screen translates them) and
 * the sender's pacing rule.
 */
export const CAMPAIGN_MESSAGES = {
  SUBJECT_REQUIRED: "Write the subject in this language.",
  BODY_REQUIRED: "Write the body in this language: at least one block with text.",
  SUBJECT_TOO_LONG: "The subject is at most 200 characters.",
  BLOCK_TEXT: "A block needs its text (at most 5,000 characters).",
  BLOCK_URL:
    "Give an address starting with https:// or http://, or one of the shop's own pages starting with /.",
  BLOCK_PRODUCT: "Choose a product.",
  TOO_MANY_BLOCKS: "A campaign has at most 100 blocks per language.",
  RATE: "Choose a rate between 1 and 10,000 e-mails a minute.",
  AT_PAST: "Choose a time in the future, or send now.",
  AT_INVALID: "Give the time as an ISO date and time.",
  ALREADY_SENT:
    "This campaign was already sent or scheduled; copy it into a new one to send again.",
  NOT_EDITABLE:
    "This campaign was already sent or scheduled and can no longer be changed; copy it into a new one.",
  NOT_FOUND: "Campaign not found.",
  NO_OWN_ADDRESS: "Your admin account has no e-mail address to send the test to.",
  NO_MAIL: "This shop sends no e-mail (SMTP is not set).",
} as const;

/** How many e-mails a minute a campaign goes out at unless the owner says otherwise. */
export const DEFAULT_CAMPAIGN_RATE = 60;
export const MAX_CAMPAIGN_RATE = 10_000;

export const CAMPAIGN_BLOCK_TYPES = ["heading", "paragraph", "link", "image", "product"] as const;
export type CampaignBlockType = (typeof CAMPAIGN_BLOCK_TYPES)[number];

export type CampaignBlock =
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  | { type: "link"; text: string; url: string }
  | { type: "image"; url: string; alt: string }
  | { type: "product"; product_id: number };

/** A body says something when at least one block carries text, a picture or a product. */
export function bodyHasContent(blocks: readonly CampaignBlock[]): boolean {
  return blocks.some((block) =>
    block.type === "product"
      ? block.product_id > 0
      : block.type === "image"
        ? !!block.url
        : !!block.text.trim(),
  );
}

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * How many more e-mails a campaign may hand to the outbox now: its rate a minute less what it
 * handed over in the last sixty seconds (a sliding window read from the database, so a restart
 * or a second instance keeps the pace), never below zero, at most `batch` in one pass.
 */
export function campaignAllowance(
  ratePerMinute: number,
  handedLastMinute: number,
  batch: number,
): number {
  return Math.max(0, Math.min(batch, Math.floor(ratePerMinute) - handedLastMinute));
}

/** A URL a campaign may link to or show: absolute http(s), or a path of the shop itself. */
export function isCampaignUrl(url: string): boolean {
  if (/^\/(?!\/)[^\s]*$/.test(url)) return true;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}
