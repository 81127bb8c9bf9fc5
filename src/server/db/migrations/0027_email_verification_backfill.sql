-- Issue 25: accounts from before e-mail verification. An admin's address was given by the
-- owner (ADMIN_EMAIL, the create-admin command or another admin), so it counts as verified.
-- A customer's address was never checked (anyone could register anyone's address), so it
-- stays unverified: the account page offers the link, and Google sign-in does not take over
-- such an account until its owner has opened one.
UPDATE "users" SET "email_verified_at" = now() WHERE "is_admin" AND "email_verified_at" IS NULL;
