DROP INDEX "invoices_one_credit_note_idx";--> statement-breakpoint
CREATE INDEX "invoices_credit_notes_idx" ON "invoices" USING btree ("invoice_id") WHERE "invoices"."kind" = 'credit_note';