import { eq } from "drizzle-orm";
import { STAFF_ORDER_MESSAGES } from "../../../shared/domain/order-sources.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { HttpError } from "../../http-errors.ts";

/**
 * The account a staff order is attached to (`customer_id`), as checkout sees a
 * signed-in shopper: the order shows in their orders, and their e-mail is used when the form
 * gave none. An unknown id is the form's mistake (422), not a missing page.
 */
export async function customerAccount(db: Db, id: number): Promise<{ id: number; email: string }> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  if (!row)
    throw new HttpError(422, STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN, {
      customer_id: [STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN],
    });
  return row;
}
