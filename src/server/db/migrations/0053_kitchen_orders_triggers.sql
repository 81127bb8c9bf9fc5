-- The public kitchen menu shows the portions left per dish (docs/conventions.md, "Caches"):
-- every portion sold or given back bumps the content version, like a dish's edit.
CREATE TRIGGER "kitchen_dish_portions_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "kitchen_dish_portions" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
-- The orders desk and the kitchen screen follow the desk's counter: a dish line is part of an order.
CREATE TRIGGER "order_dish_lines_desk_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "order_dish_lines" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('changes');
