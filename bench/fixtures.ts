// Products the order benches place orders for.
import { randomUUID } from "node:crypto";
import type { Db } from "../src/server/db/client.ts";
import { products, productWeightOptions } from "../src/server/db/schema/catalog.ts";

/** One product with tracked stock (0.5 and 1 kg) and one untracked, by id. */
export async function seedOrderables(db: Db): Promise<{ tracked: number; untracked: number }> {
  const [tracked] = await db
    .insert(products)
    .values({
      nameEn: "Bench baklava",
      nameAr: "بقلاوة",
      priceCents: 2400,
      sku: `BENCH-A-${randomUUID()}`,
      // Far more than any run can sell: the bench measures placing, not refusing.
      stockGrams: 2_000_000_000,
    })
    .returning({ id: products.id });
  await db.insert(productWeightOptions).values([
    { productId: tracked!.id, grams: 500, position: 0 },
    { productId: tracked!.id, grams: 1000, position: 1 },
  ]);
  const [untracked] = await db
    .insert(products)
    .values({
      nameEn: "Bench maamoul",
      nameAr: "معمول",
      priceCents: 3000,
      sku: `BENCH-B-${randomUUID()}`,
    })
    .returning({ id: products.id });
  return { tracked: tracked!.id, untracked: untracked!.id };
}
