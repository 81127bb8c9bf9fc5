-- Issue 27: every admin from before roles could do everything, so each becomes an owner.
INSERT INTO "admin_roles" ("user_id", "role")
SELECT "id", 'owner' FROM "users" WHERE "is_admin"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The admin flag and the roles move together, whoever writes the flag (the first start's
-- ADMIN_PASSWORD, `npm run create-admin`, the admins screen, tests): a user who becomes an
-- admin holding no role yet is an owner, as every admin was before roles (the admins screen
-- replaces that with the roles chosen, in the same transaction); a user who stops being an
-- admin loses their roles.
CREATE FUNCTION "admin_roles_follow_flag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."is_admin" AND (TG_OP = 'INSERT' OR NOT OLD."is_admin") THEN
    INSERT INTO "admin_roles" ("user_id", "role") VALUES (NEW."id", 'owner')
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' AND OLD."is_admin" AND NOT NEW."is_admin" THEN
    DELETE FROM "admin_roles" WHERE "user_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_admin_roles" AFTER INSERT OR UPDATE OF "is_admin" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "admin_roles_follow_flag"();
