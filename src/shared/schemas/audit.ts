import { z } from "zod";
import { text } from "./fields.ts";

/** An entity name as the audit log stores it: "product", "category", "coupon", "dish"... */
export const auditEntityField = text()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, "Unknown entity.");

/** `GET /api/admin/audit?entity=&entity_id=&page=&per_page=`: newest first. */
export const auditQuerySchema = z.object({
  entity: auditEntityField.optional(),
  entity_id: text().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  redacted: z.literal(true).optional(),
});
export type AuditChangeDto = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.enum(["create", "update", "delete"]),
  /** The admin who made the change; id null once that account is gone (the name stays). */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  changes: z.array(auditChangeSchema),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
