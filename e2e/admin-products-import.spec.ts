import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  escapeRe,
  expect,
  localeTexts,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Issue 28, English and Arabic: the owner exports the products, edits a copy, checks it (a
// bad row is reported by row and column in the page's language; the good file shows what
// each row does), imports it, sees the product changed in the list, and imports the original
// row again so the demo catalogue is as it was.

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
const csvOf = (rows: string[][]) =>
  `\uFEFF${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;

async function checkFile(page: Page, label: string, check: string, name: string, csv: string) {
  const dialog = page.getByTestId("import-products-dialog");
  await dialog.getByLabel(new RegExp(`^${escapeRe(label)}`)).setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await expect(dialog.getByTestId("file-name")).toHaveText(name);
  await dialog.getByRole("button", { name: check, exact: true }).click();
  return dialog;
}

for (const lang of ["en", "ar"] as const) {
  const p = localeTexts(lang, "admin-products");
  const im = p.import;

  test(`${lang}: export, check an edited file (a bad row, then a good one), import it, see the product changed`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-products");
    await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(
      lang === "ar" ? "rtl" : "ltr",
    );

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: p.exportCsv, exact: true }).click();
    const exported = fs.readFileSync((await (await downloading).path())!, "utf8");
    const [header, ...rows] = parse(exported, { bom: true }) as string[][];
    // A seeded product each language has to itself (the two run side by side).
    const original = rows[lang === "en" ? 4 : 5]!;
    const at = (column: string) => header!.indexOf(column);
    const sku = original[at("sku")]!;
    const nameColumn = lang === "ar" ? "name_ar" : "name_en";
    const newName =
      lang === "ar" ? `بقلاوة مستوردة، ${Date.now()}` : `Imported baklava, ${Date.now()}`;
    const edited = [...original];
    edited[at(nameColumn)] = newName;

    await page.getByRole("button", { name: p.importCsv, exact: true }).click();
    const dialog = page.getByTestId("import-products-dialog");
    await expect(dialog.getByRole("heading", { name: im.title })).toBeVisible();

    // A bad row: its row and column, the sentence in the page's language; nothing to import.
    const bad = [...edited];
    bad[at("category")] = "no-such-category";
    await checkFile(page, im.file, im.check, "bad.csv", csvOf([header!, bad]));
    const errors = dialog.getByTestId("import-errors");
    await expect(errors.getByRole("row")).toHaveCount(2);
    await expect(errors.getByRole("cell").nth(0)).toHaveText("2");
    await expect(errors.getByRole("cell").nth(1)).toHaveText("category");
    await expect(errors.getByRole("cell").nth(2)).toHaveText(
      lang === "ar"
        ? "لا يوجد تصنيف بالمعرّف «no-such-category»."
        : "There is no category with the slug “no-such-category”.",
    );
    await expect(dialog.getByRole("button", { name: im.apply, exact: true })).toHaveCount(0);

    // The good file: one row to update.
    await checkFile(page, im.file, im.check, "edited.csv", csvOf([header!, edited]));
    const actions = dialog.getByTestId("import-rows");
    await expect(actions.getByRole("row").nth(1)).toContainText(sku);
    await expect(actions.getByRole("row").nth(1)).toContainText(im.actions.update);
    await dialog.getByRole("button", { name: im.apply, exact: true }).click();
    await expect(dialog).toBeHidden();
    const done = (im.done as string)
      .replace("{{created}}", "0")
      .replace("{{updated}}", "1")
      .replace("{{unchanged}}", "0");
    await expect(page.getByText(done)).toBeVisible();

    // The list shows the new name.
    await page.getByRole("searchbox", { name: p.search }).fill(sku);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row").nth(1)).toContainText(newName);

    // The original row again: the catalogue is as the demo has it.
    await page.getByRole("button", { name: p.importCsv, exact: true }).click();
    await checkFile(page, im.file, im.check, "original.csv", csvOf([header!, original]));
    await expect(dialog.getByTestId("import-rows").getByRole("row").nth(1)).toContainText(
      im.actions.update,
    );
    await dialog.getByRole("button", { name: im.apply, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").nth(1)).not.toContainText(newName);
  });
}
