-- Issue 25: addresses recorded before double opt-in. Each one was typed into the footer form
-- by someone, but nobody proved they own it. They are kept as confirmed (at their sign-up
-- time) rather than dropped to pending: a pending address is never written to, so marking
-- them pending would silently end the owner's whole list. Every newsletter e-mail carries a
-- one-click unsubscribe link and List-Unsubscribe header, so a wrongly added address leaves
-- with one click.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
