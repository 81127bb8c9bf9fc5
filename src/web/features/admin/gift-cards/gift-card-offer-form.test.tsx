import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GIFT_CARD_PURCHASE_MESSAGES as P } from "../../../../shared/domain/gift-cards.ts";
import arAdmin from "../../../i18n/locales/ar/admin.json";
import arCards from "../../../i18n/locales/ar/admin-gift-cards.json";
import arShop from "../../../i18n/locales/ar/gift-cards.json";
import enAdmin from "../../../i18n/locales/en/admin.json";
import enCards from "../../../i18n/locales/en/admin-gift-cards.json";
import enShop from "../../../i18n/locales/en/gift-cards.json";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { GiftCardOfferForm } from "./gift-card-offer-form.tsx";

const texts = {
  en: { cards: enCards, admin: enAdmin, shop: enShop },
  ar: { cards: arCards, admin: arAdmin, shop: arShop },
};

let puts: unknown[];
let refuse: boolean;
beforeEach(() => {
  puts = [];
  refuse = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      expect(url).toBe("/api/admin/gift-cards/offer");
      if (init?.method === "PUT") {
        puts.push(JSON.parse(String(init.body)));
        if (refuse)
          return Response.json(
            { message: P.OFFER_LIMITS, errors: { custom_max: [P.OFFER_LIMITS] } },
            { status: 422 },
          );
        return Response.json({ data: puts.at(-1) });
      }
      return Response.json({
        data: { enabled: true, amounts: [25, 50, 100], custom_min: 10, custom_max: 500 },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the gift card product's form", () => {
  it.each(["en", "ar"] as const)(
    "(%s) shows the offer, saves amounts typed with either comma, and shows a refusal by its field",
    async (lang) => {
      const t = texts[lang];
      const done = vi.fn();
      renderWithKit(<GiftCardOfferForm onDone={done} />, { lang });
      const amounts = (await screen.findByLabelText(
        new RegExp(t.cards.offer.amounts.replace(/[()]/g, "\\$&")),
      )) as HTMLInputElement;
      expect(amounts.value).toBe("25, 50, 100");
      fireEvent.change(amounts, { target: { value: "25، 75 150" } });
      fireEvent.click(screen.getByRole("button", { name: t.admin.actions.save }));
      await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
      expect(puts).toEqual([
        { enabled: true, amounts: [25, 75, 150], custom_min: 10, custom_max: 500 },
      ]);

      refuse = true;
      fireEvent.change(
        screen.getByLabelText(new RegExp(t.cards.offer.customMin.replace(/[()]/g, "\\$&"))),
        { target: { value: "600" } },
      );
      fireEvent.click(screen.getByRole("button", { name: t.admin.actions.save }));
      expect(await screen.findByText(t.shop.errors.OFFER_LIMITS)).toBeTruthy();
      expect(done).toHaveBeenCalledTimes(1);
    },
  );
});
