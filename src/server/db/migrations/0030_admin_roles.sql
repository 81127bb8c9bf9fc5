CREATE TABLE "admin_roles" (
	"user_id" bigint NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "admin_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "admin_roles_role_check" CHECK ("admin_roles"."role" in ('owner', 'orders', 'catalogue', 'kitchen'))
);
--> statement-breakpoint
ALTER TABLE "admin_roles" ADD CONSTRAINT "admin_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;