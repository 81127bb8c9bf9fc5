import type { z } from "zod";
import { toE164 } from "../domain/phone.ts";
import { DOMESTIC_COUNTRY } from "../domain/shipping.ts";
import { ACCOUNT_MESSAGES } from "../domain/validation-messages.ts";
import { accountUpdateSchema } from "./account.ts";

/**
 * `PUT /api/account`: the account's phone stored in E.164 like an order's, read with the
 * account's country (or the shop's, when it gives none) as the region of a number written
 * without its calling code ("0944 123 456" -> "+963944123456"). A number that is no real
 * number there is refused on its field rather than stored as a dead `tel:` link.
 *
 * Apart from the account schema: the phone library stays out of the account form's code.
 */
export const accountUpdateBodySchema = accountUpdateSchema.transform(
  (account, ctx: z.RefinementCtx) => {
    if (!account.phone) return account;
    const phone = toE164(account.phone, account.country ?? DOMESTIC_COUNTRY);
    if (!phone) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: ACCOUNT_MESSAGES.PHONE });
      return account;
    }
    return { ...account, phone };
  },
);
