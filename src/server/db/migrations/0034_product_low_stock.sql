ALTER TABLE "products" ADD COLUMN "low_stock_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_check" CHECK ("products"."low_stock_grams" >= 0);