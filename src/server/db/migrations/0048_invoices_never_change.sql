-- An issued invoice or credit note is a legal record: no statement may change it. A mistake is
-- corrected by a credit note and, when due, a new invoice, never by editing the issued one.
CREATE FUNCTION invoices_never_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'An issued invoice or credit note cannot be changed (%).', OLD.number
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_never_change" BEFORE UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION invoices_never_change();
