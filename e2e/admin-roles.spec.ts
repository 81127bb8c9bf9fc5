import {
  escapeRe,
  expect,
  type Lang,
  labelStarting as label,
  localeTexts,
  signInAsOwner,
  submitAdminSignIn,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * Issue 27: the owner adds a packer with the `orders` role, who then sees only the orders
 * desk, the bell and the inbox; another screen opened by its address says "not allowed".
 */
for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  const admin = localeTexts(lang, "admin");
  const admins = localeTexts(lang, "admin-admins");
  const inbox = localeTexts(lang, "admin-inbox");

  test(`${lang}: the owner adds a packer (orders role) who sees only the orders desk`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = `${lang}${Date.now().toString(36)}`;
    const packer = { name: `Packer ${tag}`, email: `packer.${tag}@example.com` };
    const password = "packer-secret-1";

    await useLanguage(page, lang, baseURL ?? "");
    await signInAsOwner(page, lang);
    await page.goto("/admin-settings");
    await waitForHydration(page);
    await page.getByRole("button", { name: admins.add, exact: true }).click();
    const dialog = page.getByTestId("admin-dialog");
    await dialog.getByLabel(label(admins.name)).fill(packer.name);
    await dialog.getByLabel(label(admins.email)).fill(packer.email);
    await dialog.getByLabel(label(admins.password)).fill(password);
    await dialog.getByLabel(label(admins.confirm)).fill(password);
    // No role ticked: the form says so in the page's language before any request.
    await dialog.getByRole("button", { name: admins.add, exact: true }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: admins.errors.ROLES_REQUIRED }),
    ).toBeVisible();
    await dialog.getByRole("checkbox", { name: label(admin.roles.orders) }).check();
    await dialog.getByRole("button", { name: admins.add, exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page
      .getByTestId("admins-table")
      .getByRole("row", { name: new RegExp(escapeRe(packer.email)) });
    await expect(row.getByTestId("admin-roles")).toHaveText(admin.roles.orders);

    // The packer signs in and starts on the orders desk, not the dashboard.
    await page.goto("/admin-logout");
    await page.waitForURL(/\/admin-login/);
    await waitForHydration(page);
    await submitAdminSignIn(page, lang, { email: packer.email, password });
    await page.waitForURL(/\/admin-orders$/);
    const menu = page.getByRole("navigation", { name: admin.menu.label });
    await expect(menu.getByRole("link")).toHaveText([
      admin.menu.orders,
      // The orders desk's people see the customers, the traders, what they owe, the inbox, the
      // production sheet and the kitchen's orders too.
      admin.menu.customers,
      admin.menu.traders,
      admin.menu.receivables,
      label(inbox.menu),
      admin.menu.production,
      admin.menu.kitchenOrders,
      localeTexts(lang, "admin-two-factor").menu,
      admin.menu.logout,
    ]);
    await expect(page.getByRole("button", { name: admin.topbar.notifications })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // Another screen by its address: told, in the page's language, with the way back.
    for (const path of [
      "/admin-products",
      "/admin-settings",
      "/admin-reports",
      "/admin-campaigns",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
      const state = page.getByTestId("admin-not-allowed");
      await expect(state.getByRole("heading", { level: 1 })).toHaveText(admin.notAllowed.title);
      await expect(
        state.getByRole("link", {
          name: admin.notAllowed.goTo.replace("{{screen}}", admin.menu.orders),
        }),
      ).toHaveAttribute("href", "/admin-orders");
    }
    await page.getByTestId("admin-not-allowed").getByRole("link").click();
    await page.waitForURL(/\/admin-orders$/);
  });
}
