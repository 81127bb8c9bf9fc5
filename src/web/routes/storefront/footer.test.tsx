import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { defaultShopSettings } from "../../../shared/schemas/settings.ts";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { Footer } from "./footer.tsx";

afterEach(cleanup);

const hrefs = (root: HTMLElement) =>
  within(root)
    .getAllByRole("link")
    .map((link) => link.getAttribute("href"));

describe("footer (SPEC 2)", () => {
  it("has the links and policies columns", async () => {
    renderInShell(<Footer />);
    expect(hrefs(await screen.findByRole("navigation", { name: "Links" }))).toEqual([
      "/",
      "/about",
      "/contact",
      "/our-kitchen",
      "/shop",
      "/gift-cards",
    ]);
    expect(hrefs(screen.getByRole("navigation", { name: "Policies" }))).toEqual([
      "/privacy-policy",
      "/terms-condition",
      "/international-shipping",
      "/refund-policy",
      "/faq",
    ]);
  });

  it("contact: a location, two phones as messaging-app links and two e-mail links from the settings", async () => {
    const phones = ["+963 11 123 4567", "+963 944 000 111"];
    const emails = ["hello@sweets.test", "orders@sweets.test"];
    renderInShell(<Footer />, {
      root: { shop: { ...defaultShopSettings, phones, emails } },
    });
    await screen.findByText("Damascus, Syria");
    const phoneLinks = screen.getAllByRole("link", { name: /^WhatsApp / });
    expect(phoneLinks.map((a) => a.getAttribute("href"))).toEqual([
      "https://wa.me/963111234567",
      "https://wa.me/963944000111",
    ]);
    for (const link of phoneLinks) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    expect(
      screen.getAllByRole("link", { name: /@sweets\.test$/ }).map((a) => a.getAttribute("href")),
    ).toEqual(["mailto:hello@sweets.test", "mailto:orders@sweets.test"]);
  });

  it("follow us: description, subscribe input named email with a button, three social links", async () => {
    renderInShell(<Footer />);
    await screen.findByText("Follow us");
    const input = screen.getByLabelText("Your e-mail address");
    expect(input.getAttribute("name")).toBe("email");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
    const social = ["Instagram", "Facebook", "TikTok"].map((name) =>
      screen.getByRole("link", { name }),
    );
    expect(social.map((a) => a.getAttribute("href"))).toEqual([
      defaultShopSettings.social.instagram,
      defaultShopSettings.social.facebook,
      defaultShopSettings.social.tiktok,
    ]);
  });

  it("ends with the copyright line of this year", async () => {
    renderInShell(<Footer />);
    expect(
      await screen.findByText(
        `© ${new Date().getFullYear()} Golden Syrup Sweets. All rights reserved.`,
      ),
    ).toBeTruthy();
  });

  it("follows the language: Arabic texts, right to left", async () => {
    renderInShell(<Footer />, { lang: "ar" });
    const footer = await screen.findByRole("contentinfo");
    expect(footer.getAttribute("dir")).toBe("rtl");
    expect(within(footer).getByRole("link", { name: "الرئيسية" }).getAttribute("href")).toBe("/ar");
  });
});
