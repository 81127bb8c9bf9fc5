-- The gift card page shows the owner's offer (amounts, custom limits, on/off) and is served from
-- the anonymous page cache: a change of the offer must move the content version.
CREATE TRIGGER "gift_card_offer_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "gift_card_offer" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
