import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { firstVisitScripts } from "../src/web/first-visit-scripts.ts";
import {
  ADMIN_ROUTES,
  expect,
  htmlLangDir,
  STOREFRONT_ROUTES,
  seededProducts,
  test,
  waitForHydration,
} from "./support.ts";

const texts = (lang: "en" | "ar", ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const common = { en: texts("en", "common"), ar: texts("ar", "common") };
const footer = { en: texts("en", "footer"), ar: texts("ar", "footer") };

/** The browser's own console line for a document answered with 404: expected on 404 pages. */
const NOT_FOUND_LINE = /Failed to load resource: the server responded with a status of 404/;

async function expectLayout(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator("main#main")).toBeVisible();
}

test.describe("server rendering (raw HTML, no JavaScript)", () => {
  test("English by default: <html lang dir>, English texts, Content-Language", async ({
    request,
  }) => {
    const res = await request.get("/", { headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-language"]).toBe("en");
    expect(res.headers()["content-type"]).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr"/);
    expect(html).toContain(common.en.nav.kitchen);
    expect(html).toContain(common.en.nav.getStarted);
    expect(html).not.toContain(common.ar.nav.kitchen);
  });

  test("Arabic from Accept-Language: right to left on the first paint", async ({ request }) => {
    const res = await request.get("/", {
      headers: { "accept-language": "ar-SY,ar;q=0.9,en;q=0.5" },
    });
    expect(res.headers()["content-language"]).toBe("ar");
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl"/);
    expect(html).toContain(common.ar.nav.kitchen);
    expect(html).toContain(footer.ar.followUs);
  });

  test("the lang cookie beats Accept-Language", async ({ request }) => {
    const ar = await request.get("/", { headers: { cookie: "lang=ar", "accept-language": "en" } });
    expect(await ar.text()).toContain('<html lang="ar" dir="rtl"');
    expect(ar.headers()["content-language"]).toBe("ar");
    const en = await request.get("/", { headers: { cookie: "lang=en", "accept-language": "ar" } });
    expect(await en.text()).toContain('<html lang="en" dir="ltr"');
  });

  test("a cookie that looks like script is discarded, never echoed", async ({ request }) => {
    const res = await request.get("/", {
      headers: {
        cookie: "lang=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "accept-language": "ar",
      },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl"'); // fell through to Accept-Language
    expect(html).not.toContain("alert(1)");
  });

  test("security headers, and a CSP nonce that every inline script carries", async ({
    request,
  }) => {
    const res = await request.get("/");
    const headers = res.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const html = await res.text();
    // JSON-LD blocks are data, never run, so CSP does not apply to them; every other script must
    // carry the nonce.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1] ?? "")
      .filter((attrs) => !attrs.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // A new request, a new nonce.
    const again = (await request.get("/")).headers()["content-security-policy"];
    expect(again).not.toContain(nonce);
  });

  test("the head holds the stylesheet and no script: the scripts are asked for after the first frame", async ({
    page,
    request,
  }) => {
    for (const path of ["/", "/shop", "/cart"]) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(
        head.search(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/),
        path,
      ).toBeGreaterThan(0);
      expect(head, path).not.toContain("modulepreload");
      expect(head, path).not.toMatch(/<script\b[^>]*\bsrc=/);
      const bootstrap =
        /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      const frame = bootstrap.indexOf("requestAnimationFrame");
      expect(frame, path).toBeGreaterThan(-1);
      expect(bootstrap.indexOf("modulepreload"), path).toBeGreaterThan(frame);
      expect(bootstrap.indexOf("import("), path).toBeGreaterThan(frame);
      expect(bootstrap, path).not.toMatch(/^\s*import\s/m);
    }
    // In the browser: every module the bootstrap lists is fetched, and the page hydrates.
    const html = await (await request.get("/shop")).text();
    const listed = firstVisitScripts(html);
    expect(listed.length).toBeGreaterThan(5);
    await page.goto("/shop");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    expect(fetched).toEqual(expect.arrayContaining(listed));
  });
});

test.describe("what the one process serves besides pages", () => {
  test("/healthz is 200 while the database answers", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  test("an unknown /api path is a JSON 404, never the HTML page", async ({ request }) => {
    for (const url of ["/api/nope", "/api/nope/deeper?x=1"]) {
      const res = await request.get(url);
      expect(res.status()).toBe(404);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ message: expect.any(String) });
    }
  });

  test("hashed assets: immutable for a year, brotli or gzip as accepted", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    const asset = assets.find((a) => a.endsWith(".js"))!;
    for (const encoding of ["br", "gzip"]) {
      const res = await request.get(asset, { headers: { "accept-encoding": encoding } });
      expect(res.status()).toBe(200);
      expect(res.headers()["content-encoding"]).toBe(encoding);
      expect(res.headers()["cache-control"]).toContain("immutable");
      expect(res.headers()["cache-control"]).toContain("max-age=31536000");
      expect(res.headers()["content-type"]).toContain("javascript");
    }
    const css = assets.find((a) => a.endsWith(".css"));
    if (css) {
      const res = await request.get(css, { headers: { "accept-encoding": "br" } });
      expect(res.headers()["content-encoding"]).toBe("br");
    }
  });

  test("a missing /assets file is a fast 404, not the HTML page", async ({ request }) => {
    const started = Date.now();
    const res = await request.get("/assets/no-such-file-Abc123.js");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).not.toContain("text/html");
    expect(await res.text()).not.toContain("<html");
  });
});

test.describe("every SPEC route renders inside the layout", () => {
  for (const route of STOREFRONT_ROUTES) {
    test(`${route} is 200 with header and footer`, async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await expectLayout(page);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await waitForHydration(page);
    });
  }

  test("/product/{id} of a seeded product is 200 with header and footer", async ({
    page,
    request,
  }) => {
    // Seeded, not the newest: that may be another journey's product, deleted meanwhile.
    const id = (await seededProducts(request))[0]?.id;
    expect(id, "the demo seed has at least one product").toBeDefined();
    const res = await page.goto(`/product/${id}`);
    expect(res?.status()).toBe(200);
    await expectLayout(page);
    await waitForHydration(page);
  });

  for (const route of ADMIN_ROUTES) {
    test(`${route} sends a visitor who is not signed in to /admin-login`, async ({ page }) => {
      const res = await page.goto(route);
      expect(res?.status()).toBe(200);
      await page.waitForURL("**/admin-login");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("/admin-login is 200 on its own page; /admin-coupons leads to the coupons screen", async ({
    page,
  }) => {
    const res = await page.goto("/admin-login");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/admin-coupons");
    await page.waitForURL("**/admin-login");
  });

  test("an unknown page is an HTTP 404 inside the real layout, in the visitor's language", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(NOT_FOUND_LINE);
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expectLayout(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      common.en.errors.notFoundTitle,
    );
    await waitForHydration(page);

    // A visitor who chose Arabic has it in both places (the toggle writes both; storage wins
    // in the browser, SPEC 1).
    await page.context().addCookies([{ name: "lang", value: "ar", url: page.url() }]);
    await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"));
    const ar = await page.goto("/no/such/page");
    expect(ar?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      common.ar.errors.notFoundTitle,
    );
  });

  test("an unknown product id is an HTTP 404 inside the layout", async ({ page, consoleGuard }) => {
    consoleGuard.allow(NOT_FOUND_LINE);
    const res = await page.goto("/product/999999999");
    expect(res?.status()).toBe(404);
    await expectLayout(page);
  });
});

test.describe("language (SPEC 1)", () => {
  test("the toggle switches to Arabic, right to left, and the choice survives a reload", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await htmlLangDir(page)).toEqual({ lang: "en", dir: "ltr" });

    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(
      page.getByRole("navigation", { name: common.ar.nav.mainNavigation }).getByRole("link", {
        name: common.ar.nav.shop,
      }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("ar");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("ar");

    // The server renders the new language itself: Arabic on the first paint after reload.
    const reloaded = await page.reload();
    expect(await reloaded?.text()).toContain('<html lang="ar" dir="rtl"');
    await waitForHydration(page);
    expect(await htmlLangDir(page)).toEqual({ lang: "ar", dir: "rtl" });

    // And back.
    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("en");
  });

  test("local storage alone (no cookie) brings the choice back after hydration", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    // The first page's own detection must be over (it remembers the page's language), or it
    // could read the "ar" set below and write the cookie again before the reload.
    await page.waitForFunction(() => localStorage.getItem("i18nextLng") === "en");
    await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"));
    await context.clearCookies();
    const res = await page.reload();
    expect(await res?.text()).toContain('<html lang="en"'); // the server has no cookie to go by
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("ar");
  });

  test("an injected language value in storage and cookie is ignored and never runs", async ({
    page,
    context,
    baseURL,
  }) => {
    const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
    await context.addCookies([{ name: "lang", value: encodeURIComponent(payload), url: baseURL! }]);
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("i18nextLng", value);
      }
    }, payload);
    const res = await page.goto("/");
    expect(res?.status()).toBe(200);
    expect(await res?.text()).not.toContain("__pwned");
    await waitForHydration(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
    expect(await htmlLangDir(page)).toEqual({ lang: "en", dir: "ltr" });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.getByRole("link", { name: common.en.nav.shop }).first()).toBeVisible();
  });
});

test.describe("navigation (SPEC 2)", () => {
  test("'Get started' opens on click with Login and Register, closes when the pointer leaves and on Escape", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: common.en.nav.getStarted });
    const login = page.getByRole("link", { name: common.en.nav.login, exact: true });
    const register = page.getByRole("link", { name: common.en.nav.register, exact: true });

    await button.click();
    await expect(login).toBeVisible();
    await expect(register).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await login.hover(); // moving into the menu keeps it open
    await expect(register).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(login).toBeHidden();

    await button.click();
    await expect(login).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(login).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await register.click();
    await page.waitForURL("**/register");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: Escape on 'Get started' closes it and gives focus back to its button (issue 29.6)`, async ({
      page,
      baseURL,
    }) => {
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
      await page.goto("/");
      await waitForHydration(page);
      const button = page.getByRole("button", { name: common[lang].nav.getStarted });
      const login = page.getByRole("link", { name: common[lang].nav.login, exact: true });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(login).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(login).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(login).toBeHidden();
      await expect(button).toBeFocused();
    });
  }

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: a signed-in customer's menus offer the account and Log out, not Login/Register (issue 29.7)`, async ({
      page,
      baseURL,
    }) => {
      const c = common[lang];
      const email = `menu-${lang}-${Date.now()}@example.com`;
      const created = await page.request.post("/api/auth/register", {
        data: { name: "Rana", email, password: "secret1", password_confirmation: "secret1" },
      });
      expect(created.status()).toBe(201);
      const { token, user } = (await created.json()) as { token: string; user: unknown };
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
      await page.addInitScript(
        ([t, u]) => {
          if (sessionStorage.getItem("signed-out")) return;
          localStorage.setItem("customer_token", t);
          localStorage.setItem("customer_user", u);
        },
        [token, JSON.stringify(user)] as const,
      );
      const login = page.getByRole("link", { name: c.nav.login, exact: true });
      const register = page.getByRole("link", { name: c.nav.register, exact: true });

      // Phone: the menu panel.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("button", { name: c.nav.menu }).click();
      const phone = page.locator("#mobile-menu");
      await expect(phone.getByTestId("customer-name")).toHaveText("Rana");
      await expect(phone.getByRole("button", { name: c.header.logout })).toBeVisible();
      await expect(phone.getByRole("link", { name: c.nav.login, exact: true })).toHaveCount(0);
      await expect(phone.getByRole("link", { name: c.nav.register, exact: true })).toHaveCount(0);

      // Desktop: the Get started menu.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto("/");
      await waitForHydration(page);
      const nav = page.getByRole("navigation", { name: c.nav.mainNavigation });
      const button = nav.getByRole("button", { name: c.nav.getStarted });
      const before = await button.boundingBox();
      await button.click();
      // An Arabic page's links stay in Arabic (docs/decisions/0028).
      await expect(nav.getByRole("link", { name: c.header.account, exact: true })).toHaveAttribute(
        "href",
        lang === "ar" ? "/ar/account" : "/account",
      );
      await expect(login).toHaveCount(0);
      await expect(register).toHaveCount(0);
      expect(await button.boundingBox()).toEqual(before);

      await page.evaluate(() => sessionStorage.setItem("signed-out", "1"));
      await nav.getByRole("button", { name: c.header.logout }).click();
      await expect(page.getByTestId("customer-menu")).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem("customer_token"))).toBeNull();
      await button.click();
      await expect(login).toBeVisible();
      await expect(register).toBeVisible();
    });
  }

  test("the mobile menu toggles the same links on a narrow screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: common.en.nav.getStarted })).toBeHidden();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toHaveCount(0);

    await page.getByRole("button", { name: common.en.nav.menu }).click();
    await expect(menu).toBeVisible();
    const hrefs = await menu
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/",
      "/shop",
      "/our-kitchen",
      "/about",
      "/traders",
      "/contact",
      "/login",
      "/register",
    ]);
    await page.getByRole("button", { name: common.en.nav.closeMenu }).click();
    await expect(menu).toHaveCount(0);

    await page.getByRole("button", { name: common.en.nav.menu }).click();
    await menu.getByRole("link", { name: common.en.nav.about }).click();
    await page.waitForURL("**/about");
    await expect(menu).toHaveCount(0);
  });

  test("the footer: columns, two WhatsApp phones, two e-mails, three social links, copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const foot = page.getByRole("contentinfo");
    for (const heading of [
      footer.en.links,
      footer.en.policies,
      footer.en.contact,
      footer.en.followUs,
    ])
      await expect(foot.getByRole("heading", { name: heading })).toBeVisible();
    await expect(foot.locator('a[href^="https://wa.me/"]')).toHaveCount(2);
    await expect(foot.locator('a[href^="mailto:"]')).toHaveCount(2);
    for (const name of ["Instagram", "Facebook", "TikTok"])
      await expect(foot.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\//);
    await expect(foot.locator('input[name="email"]')).toBeVisible();
    await expect(foot).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByTestId("chat-button")).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  });
});

for (const lang of ["en", "ar"] as const) {
  test(`newsletter in the footer (${lang}): valid, repeat, invalid`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    await page.goto("/");
    await waitForHydration(page);
    const foot = page.getByRole("contentinfo");
    const input = foot.getByLabel(footer[lang].emailLabel);
    const button = foot.getByRole("button", { name: footer[lang].subscribe });
    const status = foot.getByTestId("subscribe-status");
    const address = `reader-${lang}-${Date.now()}@example.com`;

    await input.fill(address);
    await button.click();
    await expect(status).toHaveText(footer[lang].subscribed);
    await expect(input).toHaveValue("");

    await input.fill(address.toUpperCase());
    await button.click();
    await expect(status).toHaveText(footer[lang].subscribed);

    await input.fill("not-an-address");
    await button.click();
    await expect(status).toHaveText(footer[lang].invalidEmail);
    await expect(input).toHaveAttribute("aria-invalid", "true");
  });

  test(`axe finds no serious or critical problem on / (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    await page.goto("/");
    await waitForHydration(page);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    expect(serious).toEqual([]);
  });
}
