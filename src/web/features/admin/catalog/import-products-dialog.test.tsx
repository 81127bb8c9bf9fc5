import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProductsImportResult } from "../../../../shared/schemas/products-import.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ImportProductsDialog } from "./import-products-dialog.tsx";

// Issue 28: the import dialog checks the file first (counts, then errors by row and column or
// each row's action) and only then offers Import.

const report = (over: Partial<ProductsImportResult>): ProductsImportResult => ({
  dry_run: true,
  created: 0,
  updated: 0,
  unchanged: 0,
  rows: [],
  errors: [],
  ...over,
});

let calls: string[];
let answers: { status: number; body: unknown }[];

/** apiUpload sends multipart through XHR (for progress): a stand-in that answers in turn. */
class FakeXhr {
  status = 0;
  responseText = "";
  upload: { onprogress?: unknown } = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = "";
  open(method: string, url: string) {
    this.url = `${method} ${url}`;
  }
  setRequestHeader() {}
  send(form: FormData) {
    const file = form.get("file") as File | null;
    calls.push(`${this.url} ${file?.name ?? "-"}`);
    const answer = answers.shift()!;
    this.status = answer.status;
    this.responseText = JSON.stringify(answer.body);
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function choose(dialog: HTMLElement, label: RegExp) {
  const input = within(dialog).getByLabelText(label) as HTMLInputElement;
  const file = new File(["sku,name_en\r\n"], "products.csv", { type: "text/csv" });
  fireEvent.change(input, { target: { files: [file] } });
}

describe("Import CSV dialog", () => {
  it.each([
    {
      lang: "en" as const,
      file: /^CSV file/,
      check: "Check file",
      apply: "Import",
      summary: "To add: 0 · To update: 0 · Unchanged: 3",
      message: "The status must be active or hidden.",
      count: "1 error: nothing can be imported until it is corrected.",
      required: "Choose a CSV file to import.",
    },
    {
      lang: "ar" as const,
      file: /^ملف CSV/,
      check: "فحص الملف",
      apply: "استيراد",
      summary: "للإضافة: 0 · للتحديث: 0 · دون تغيير: 3",
      message: "يجب أن تكون الحالة active أو hidden.",
      count: "خطأ واحد: لا يمكن الاستيراد حتى يُصحَّح.",
      required: "اختر ملف CSV للاستيراد.",
    },
  ])("$lang: a file with an error shows it by row and column, and no Import", async (t) => {
    answers.push({
      status: 200,
      body: {
        data: report({
          unchanged: 3,
          errors: [{ row: 4, column: "status", message: t.message }],
        }),
      },
    });
    renderWithKit(<ImportProductsDialog open onOpenChange={() => {}} />, { lang: t.lang });
    const dialog = screen.getByTestId("import-products-dialog");
    // Checking without a file says so in place, and sends nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: t.check }));
    expect(calls).toEqual([]);
    expect(within(dialog).getByText(t.required)).toBeTruthy();
    choose(dialog, t.file);
    fireEvent.click(within(dialog).getByRole("button", { name: t.check }));
    expect(await within(dialog).findByText(t.summary)).toBeTruthy();
    expect(within(dialog).getByTestId("import-error-count").textContent).toBe(t.count);
    const cells = within(within(dialog).getByTestId("import-errors"))
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["4", "status", t.message]);
    expect(within(dialog).queryByRole("button", { name: t.apply })).toBeNull();
    expect(calls).toEqual(["POST /api/admin/products/import?dry_run=1 products.csv"]);
  });

  it("a clean check lists each row's action; Import applies the same file and closes", async () => {
    const rows = [
      { row: 2, sku: "BKL-001", action: "update" as const },
      { row: 3, sku: "NEW-1", action: "create" as const },
    ];
    answers.push(
      { status: 200, body: { data: report({ created: 1, updated: 1, rows }) } },
      { status: 200, body: { data: report({ dry_run: false, created: 1, updated: 1, rows }) } },
    );
    const onOpenChange = vi.fn();
    renderWithKit(<ImportProductsDialog open onOpenChange={onOpenChange} />);
    const dialog = screen.getByTestId("import-products-dialog");
    choose(dialog, /^CSV file/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Check file" }));
    const table = await within(dialog).findByTestId("import-rows");
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(["2BKL-001Update", "3NEW-1Add"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Import" }));
    expect(await screen.findByText("Imported: 1 added, 1 updated, 0 unchanged.")).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls).toEqual([
      "POST /api/admin/products/import?dry_run=1 products.csv",
      "POST /api/admin/products/import products.csv",
    ]);
  });

  it("an apply refused after all (422) shows the server's message and its errors", async () => {
    const errors = [{ row: 2, column: "sku", message: "The SKU NEW-1 is already in row 2." }];
    answers.push(
      {
        status: 200,
        body: { data: report({ created: 1, rows: [{ row: 2, sku: "NEW-1", action: "create" }] }) },
      },
      {
        status: 422,
        body: {
          message: "Nothing was imported: correct the file's errors (1) and try again.",
          errors: { "2.sku": [errors[0]!.message] },
          data: report({ dry_run: false, errors }),
        },
      },
    );
    renderWithKit(<ImportProductsDialog open onOpenChange={() => {}} />);
    const dialog = screen.getByTestId("import-products-dialog");
    choose(dialog, /^CSV file/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Check file" }));
    fireEvent.click(await within(dialog).findByRole("button", { name: "Import" }));
    expect(
      await within(dialog).findByText(
        "Nothing was imported: correct the file's errors (1) and try again.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByTestId("import-errors").textContent).toContain(errors[0]!.message);
    expect(within(dialog).queryByRole("button", { name: "Import" })).toBeNull();
  });
});
