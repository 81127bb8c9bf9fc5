CREATE TABLE "order_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last" bigint NOT NULL
);
--> statement-breakpoint
DROP SEQUENCE "public"."order_number_seq";