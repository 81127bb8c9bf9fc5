ALTER TABLE "products" ADD COLUMN "box" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "contents" jsonb;