import { z } from "zod";
import { text } from "./fields.ts";

const bilingual = z.object({ en: text().trim().min(1), ar: text().trim().default("") });

export const locationSchema = z.object({
  title: bilingual,
  address: bilingual,
  hours: bilingual,
  email: z.email(),
  mobile: text().trim().min(1),
  landline: text().trim().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** Everything SPEC calls "fixed in the page" becomes an editable shop setting (DECISIONS). */
export const shopSettingsSchema = z.object({
  phones: z.array(text().trim().min(1)).length(2),
  emails: z.array(z.email()).length(2),
  /** Messaging-app number in international form, digits only (used in wa.me links). */
  messagingNumber: z.string().regex(/^\d{6,15}$/),
  social: z.object({ instagram: z.url(), facebook: z.url(), tiktok: z.url() }),
  locations: z.array(locationSchema).min(1),
  mapCentre: z.object({ lat: z.number(), lng: z.number(), zoom: z.number().int().min(1).max(19) }),
  /** Standing cart discount in percent and delivery fee in cents (SPEC: 20% and 15.00). */
  cartDiscountPercent: z.number().int().min(0).max(100),
  deliveryFeeCents: z.number().int().min(0),
  bankTransferInstructions: bilingual,
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
export type ShopLocation = z.infer<typeof locationSchema>;

/** Clearly fake demo values: nothing here pretends to be a real number or address. */
export const defaultShopSettings: ShopSettings = {
  phones: ["+963 11 000 0000", "+963 900 000 000"],
  emails: ["info@example.com", "orders@example.com"],
  messagingNumber: "963900000000",
  social: {
    instagram: "https://www.instagram.com/example",
    facebook: "https://www.facebook.com/example",
    tiktok: "https://www.tiktok.com/@example",
  },
  locations: [
    {
      title: { en: "Main shop (demo)", ar: "المحل الرئيسي (تجريبي)" },
      address: { en: "Example Street 1, Damascus", ar: "شارع المثال 1، دمشق" },
      hours: { en: "Daily 9:00 – 23:00", ar: "يومياً 9:00 – 23:00" },
      email: "info@example.com",
      mobile: "+963 900 000 000",
      landline: "+963 11 000 0000",
      lat: 33.5138,
      lng: 36.2765,
    },
    {
      title: { en: "Kitchen branch (demo)", ar: "فرع المطبخ (تجريبي)" },
      address: { en: "Sample Square 2, Damascus", ar: "ساحة النموذج 2، دمشق" },
      hours: { en: "Daily 9:00 – 22:00", ar: "يومياً 9:00 – 22:00" },
      email: "kitchen@example.com",
      mobile: "+963 900 000 001",
      landline: "+963 11 000 0001",
      lat: 33.5,
      lng: 36.3,
    },
  ],
  mapCentre: { lat: 33.5, lng: 36.3, zoom: 12 },
  cartDiscountPercent: 20,
  deliveryFeeCents: 1500,
  bankTransferInstructions: {
    en: "Transfer the total to Example Bank, account 0000-0000-0000 (demo), quoting your order number.",
    ar: "حوّل المبلغ الإجمالي إلى بنك المثال، الحساب 0000-0000-0000 (تجريبي)، مع ذكر رقم طلبك.",
  },
};
