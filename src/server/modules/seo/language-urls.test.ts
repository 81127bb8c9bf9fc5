// A URL per language (issue 26, docs/decisions/0028), through the real server render: each
// address renders its language with the right <html lang dir>, names its canonical in that
// language and both languages' alternates; old product links redirect to the readable one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "../../../shared/domain/slug.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { seedCatalog } from "../../db/seed/catalog.ts";
import { openTestDatabase } from "../../test/app.ts";

const ORIGIN = "https://shop.example";
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let product: { id: number; name: string; name_ar: string };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-urls-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: ORIGIN,
  });
  await seedCatalog(database.db, { uploadsDir: config.uploadsDir, images: false });
  app = await buildApp({ config, database, web: "dev", rateLimit: false });
  await app.ready();
  const list = await app.inject({ method: "GET", url: "/api/products" });
  product = (list.json() as { data: (typeof product)[] }).data.find((p) => p.name_ar)!;
  // The development build compiles the modules on the first page: not part of any test's time.
  await app.inject({ method: "GET", url: "/" });
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor with an English browser and an English cookie, unless told otherwise. */
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: "GET",
    url,
    headers: { "accept-language": "en-US,en;q=0.9", cookie: "lang=en", ...headers },
  });

function head(html: string) {
  const attr = (re: RegExp) => re.exec(html)?.[1] ?? null;
  const alternates: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g))
    alternates[m[1]!] = m[2]!;
  return {
    lang: attr(/<html lang="(\w+)"/),
    dir: attr(/<html lang="\w+" dir="(\w+)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    manifest: attr(/<link rel="manifest" href="([^"]+)"/),
    alternates,
  };
}

const PAGES = [
  ["/", "/ar"],
  ["/shop", "/ar/shop"],
  ["/about", "/ar/about"],
  ["/contact", "/ar/contact"],
  ["/our-kitchen", "/ar/our-kitchen"],
  ["/faq", "/ar/faq"],
  ["/privacy-policy", "/ar/privacy-policy"],
  ["/shop?category=cakes", "/ar/shop?category=cakes"],
] as const;

describe("a URL per language", () => {
  it.each(PAGES)(
    "%s is English and %s Arabic, each canonical in its own language",
    async (en, ar) => {
      const english = await get(en);
      expect(english.statusCode).toBe(200);
      const arabic = await get(ar); // an English browser and cookie: the address wins
      expect(arabic.statusCode).toBe(200);
      expect(arabic.headers["content-language"]).toBe("ar");
      const alternates = { en: ORIGIN + en, ar: ORIGIN + ar, "x-default": ORIGIN + en };
      expect(head(english.body)).toEqual({
        lang: "en",
        dir: "ltr",
        canonical: ORIGIN + en,
        manifest: "/manifest.en.webmanifest",
        alternates,
      });
      expect(head(arabic.body)).toEqual({
        lang: "ar",
        dir: "rtl",
        canonical: ORIGIN + ar,
        manifest: "/manifest.ar.webmanifest",
        alternates,
      });
    },
  );

  it("an Arabic page's links stay in Arabic", async () => {
    const html = (await get("/ar/about")).body;
    expect(html).toContain('href="/ar/shop"');
    expect(html).toContain('href="/ar/faq"');
    expect(html).not.toMatch(/<a [^>]*href="\/shop"/);
    // The toggle goes to this page in English.
    expect(html).toMatch(/<a href="\/about" hrefLang="en"[^>]*data-testid="language-toggle"/);
  });

  it("an address with no prefix keeps SPEC's detection, and then names the Arabic address canonical", async () => {
    const byCookie = head((await get("/shop", { cookie: "lang=ar" })).body);
    expect(byCookie).toMatchObject({ lang: "ar", dir: "rtl", canonical: `${ORIGIN}/ar/shop` });
    const byBrowser = head((await get("/shop", { cookie: "", "accept-language": "ar-SY" })).body);
    expect(byBrowser).toMatchObject({ lang: "ar", canonical: `${ORIGIN}/ar/shop` });
    const crawler = head((await get("/shop", { cookie: "", "accept-language": "" })).body);
    expect(crawler).toMatchObject({ lang: "en", canonical: `${ORIGIN}/shop` });
  });

  it("a shop view's canonical keeps only what changes the page, cached or not", async () => {
    const query = "?utm_source=mail&category=baklava&fbclid=1&page=1";
    // Anonymous (the page cache's reduced address) and with another cookie (never cached).
    for (const cookie of ["lang=en", "lang=en; session_hint=1"]) {
      const html = (await get(`/shop${query}`, { cookie })).body;
      expect(head(html).canonical, cookie).toBe(`${ORIGIN}/shop?category=baklava`);
    }
  });

  it("cart, checkout and account pages stay out of the index in both languages", async () => {
    // An account page is sent only to a browser with the signed-in mark (issue 30).
    const signedIn = { cookie: "lang=en; signed_in=1" };
    for (const url of ["/cart", "/ar/cart", "/checkout", "/ar/checkout", "/ar/account"]) {
      const html = (await get(url, signedIn)).body;
      expect(html, url).toContain('<meta name="robots" content="noindex"/>');
      expect(head(html).alternates, url).toEqual({});
    }
  });

  it("an account page without the signed-in mark is a redirect to sign in, in its language", async () => {
    for (const [url, login] of [
      ["/account", "/login?redirect=%2Faccount"],
      ["/ar/orders?group=delivered", "/ar/login?redirect=%2Far%2Forders%3Fgroup%3Ddelivered"],
    ]) {
      const res = await get(url!);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(login);
    }
  });

  it("an unknown Arabic address is a 404 in Arabic", async () => {
    const res = await get("/ar/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(head(res.body)).toMatchObject({ lang: "ar", dir: "rtl" });
  });
});

describe("readable product links", () => {
  const en = () => `/product/${product.id}-${slugify(product.name)}`;
  const ar = () => `/ar/product/${product.id}-${encodeURIComponent(slugify(product.name_ar))}`;

  it("a product has an English and an Arabic address, slugs from the name in that language", async () => {
    expect(slugify(product.name_ar)).toMatch(/[\u0600-\u06FF]/);
    const alternates = { en: ORIGIN + en(), ar: ORIGIN + ar(), "x-default": ORIGIN + en() };
    const english = await get(en());
    expect(english.statusCode).toBe(200);
    expect(head(english.body)).toMatchObject({ lang: "en", canonical: ORIGIN + en(), alternates });
    const arabic = await get(ar());
    expect(arabic.statusCode).toBe(200);
    expect(head(arabic.body)).toMatchObject({
      lang: "ar",
      dir: "rtl",
      canonical: ORIGIN + ar(),
      alternates,
    });
    // The toggle goes to the product's other address, slug and all.
    expect(arabic.body).toContain(`<a href="${en()}" hrefLang="en"`);
    // Structured data in the page's language, at the page's address.
    expect(arabic.body).toContain(`"url":"${ORIGIN}${ar()}"`);
  });

  it("an address whose letters are not percent-encoded is the same address", async () => {
    const raw = `/ar/product/${product.id}-${slugify(product.name_ar)}`;
    expect((await get(encodeURI(raw))).statusCode).toBe(200);
  });

  it.each([
    ["the old id-only address", (id: number) => `/product/${id}`, () => en()],
    ["the old Arabic id-only address", (id: number) => `/ar/product/${id}`, () => ar()],
    ["a stale slug", (id: number) => `/product/${id}-old-name`, () => en()],
    [
      "an English slug under /ar",
      (id: number) => `/ar/product/${id}-${slugify(product.name)}`,
      () => ar(),
    ],
    [
      "an Arabic slug without /ar",
      (id: number) => `/product/${id}-${encodeURIComponent(slugify(product.name_ar))}`,
      () => en(),
    ],
  ])("%s answers 301 with the current one, whatever the cookie", async (_, from, to) => {
    for (const cookie of ["lang=en", "lang=ar"]) {
      const res = await get(from(product.id), { cookie });
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(to());
    }
  });

  it("an unknown product is still a 404 in both languages", async () => {
    expect((await get("/product/999999-nothing")).statusCode).toBe(404);
    expect((await get("/ar/product/999999")).statusCode).toBe(404);
    expect((await get("/product/baklava")).statusCode).toBe(404);
  });
});

/** The page's structured data blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
const ofType = (blocks: Record<string, unknown>[], type: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, read loosely by the assertions below
  blocks.find((block) => block["@type"] === type) as Record<string, any> | undefined;

describe("structured data in the page's language", () => {
  it("a product: Product with its offer and availability, and its breadcrumb, in Arabic under /ar", async () => {
    const ar = `/ar/product/${product.id}-${encodeURIComponent(slugify(product.name_ar))}`;
    const blocks = jsonLd((await get(ar)).body);
    const item = ofType(blocks, "Product")!;
    expect(item.name).toBe(product.name_ar);
    expect(item.inLanguage).toBe("ar");
    expect(item.offers).toMatchObject({
      "@type": "Offer",
      url: ORIGIN + ar,
      priceCurrency: "USD",
      availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
    });
    expect(Number(item.offers.price)).toBeGreaterThan(0);
    const crumbs = ofType(blocks, "BreadcrumbList")!.itemListElement as Record<string, unknown>[];
    expect(crumbs[0]).toMatchObject({ position: 1, item: `${ORIGIN}/ar` });
    expect(crumbs[1]).toMatchObject({ position: 2, item: `${ORIGIN}/ar/shop` });
    expect(crumbs.at(-1)).toMatchObject({ name: product.name_ar, item: ORIGIN + ar });
    for (const crumb of crumbs) expect(crumb.name).toMatch(/[\u0600-\u06FF]/);

    const english = jsonLd((await get(`/product/${product.id}-${slugify(product.name)}`)).body);
    expect(ofType(english, "Product")!.name).toBe(product.name);
    expect(ofType(english, "BreadcrumbList")!.itemListElement[1].item).toBe(`${ORIGIN}/shop`);
  });

  it("home and contact: the Organization and its places with opening hours from the settings", async () => {
    for (const [url, lang] of [
      ["/ar", "ar"],
      ["/", "en"],
      ["/ar/contact", "ar"],
    ] as const) {
      const graph = (jsonLd((await get(url)).body).find((block) => "@graph" in block)!["@graph"] ??
        // biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD, read loosely below
        []) as Record<string, any>[];
      expect(graph[0]).toMatchObject({
        "@type": "Organization",
        url: ORIGIN + (lang === "ar" ? "/ar" : "/"),
      });
      const places = graph.filter((node) => node["@type"] === "Bakery");
      expect(places).toHaveLength(2); // the demo shop and its kitchen
      for (const place of places) {
        expect(place.name).toMatch(lang === "ar" ? /[\u0600-\u06FF]/ : /^[\x20-\x7E]+$/);
        expect(place.openingHoursSpecification[0]).toMatchObject({
          "@type": "OpeningHoursSpecification",
          opens: "09:00",
          dayOfWeek: expect.arrayContaining([
            "https://schema.org/Monday",
            "https://schema.org/Sunday",
          ]),
        });
      }
      expect(places.map((p) => p.openingHoursSpecification[0].closes)).toEqual(["23:00", "22:00"]);
    }
  });

  it("the FAQ: a FAQPage of its questions in the page's language", async () => {
    const ar = ofType(jsonLd((await get("/ar/faq")).body), "FAQPage")!;
    expect(ar.inLanguage).toBe("ar");
    expect(ar.mainEntity.length).toBeGreaterThan(0);
    expect(ar.mainEntity[0]).toMatchObject({
      "@type": "Question",
      name: expect.stringMatching(/[\u0600-\u06FF]/),
      acceptedAnswer: { "@type": "Answer", text: expect.stringMatching(/[\u0600-\u06FF]/) },
    });
    const en = ofType(jsonLd((await get("/faq")).body), "FAQPage")!;
    expect(en.mainEntity[0].name).toMatch(/^[\x20-\x7E’]+$/);
  });
});
