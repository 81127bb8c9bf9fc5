-- The shop's own sign-in of an account with two-factor on gave a session for the password
-- alone; it now asks for the code too. The sessions it gave before end here.
UPDATE "tokens" SET "revoked_at" = now()
WHERE "kind" = 'customer'
  AND "revoked_at" IS NULL
  AND "user_id" IN (SELECT "user_id" FROM "admin_two_factor" WHERE "secret" IS NOT NULL);
