import { describe, expect, it } from "vitest";
import { WEBHOOK_MESSAGES } from "../../../../shared/domain/webhooks.ts";
import ar from "../../../i18n/locales/ar/admin-webhooks.json";
import en from "../../../i18n/locales/en/admin-webhooks.json";

// What the owner reads in the webhook dialog: true of the shop today and in the owner's words.
describe("the webhook dialog's texts", () => {
  for (const [lang, texts] of [
    ["en", en],
    ["ar", ar],
  ] as const) {
    it(`(${lang}) low stock is described as sent: it fires when a product falls below its threshold`, () => {
      const hint = texts.eventHint.product_low_stock;
      expect(hint).not.toMatch(/Not sent yet|لا يُرسل بعد/);
      expect(hint).toMatch(lang === "en" ? /threshold/ : /حد/);
    });

    it(`(${lang}) no message names a server setting the owner cannot change`, () => {
      for (const text of [...Object.values(texts.errors), WEBHOOK_MESSAGES.URL_PRIVATE])
        expect(text).not.toMatch(/[A-Z]{3,}_[A-Z_]+=|WEBHOOKS_ALLOW_PRIVATE/);
    });
  }
});
