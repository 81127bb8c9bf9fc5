import { expect, test } from "@playwright/test";

test("home is server-rendered in English by default", async ({ request }) => {
  const res = await request.get("/", { headers: { "accept-language": "en-US,en;q=0.9" } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="en" dir="ltr"');
});

test("home is server-rendered right-to-left in Arabic", async ({ request }) => {
  const res = await request.get("/", { headers: { "accept-language": "ar" } });
  const html = await res.text();
  expect(html).toContain('<html lang="ar" dir="rtl"');
  expect(html).toContain("الرئيسية");
});
