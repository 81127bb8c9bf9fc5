-- The admin asks "was this product ever sold?" (delete archives it then) and deleting a
-- product sets its order lines' product_id to NULL: both look order lines up by product.
CREATE INDEX IF NOT EXISTS "order_lines_product_idx" ON "order_lines" USING btree ("product_id");
