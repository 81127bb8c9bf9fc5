import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bannerOf, itShowsSaveFailures } from "../../../test/record-dialog.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ProductFormDialog } from "./product-form-dialog.tsx";

/** The one category the form offers (the categories list is read through fetch). */
const categories = {
  data: [{ id: 3, name: "Sweets", name_ar: "", description: "", description_ar: "" }],
  meta: { page: 1, per_page: 100, total: 1, last_page: 1 },
};

/** What the upload (XHR, for its progress) sent, and the answer it is given. */
let sent: FormData[] = [];
let reply: { status: number; body: unknown } = { status: 201, body: {} };

/** happy-dom's XHR would go through fetch: a stand-in answers the upload as a browser would. */
class FakeXhr {
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    sent.push(body);
    queueMicrotask(() => {
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    });
  }
}

beforeEach(() => {
  localStorage.setItem("token", "admin-token");
  sent = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(categories), { status: 200 })),
  );
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Opens the add dialog, fills the name, the price and the category and saves. */
async function addProduct(price = "12.5") {
  const onOpenChange = vi.fn();
  renderWithKit(<ProductFormDialog open onOpenChange={onOpenChange} product={null} />);
  const dialog = await screen.findByTestId("product-dialog");
  const [english] = within(dialog).getAllByRole("textbox");
  fireEvent.change(english!, { target: { value: "Maamoul" } });
  fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: price } });
  await within(dialog).findByRole("option", { name: "Sweets" });
  fireEvent.change(within(dialog).getByLabelText(/^Category/), { target: { value: "3" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { dialog, onOpenChange };
}

describe("the product dialog's save", () => {
  it("creates, says so and closes", async () => {
    reply = { status: 201, body: { data: { id: 9 } } };
    const { onOpenChange } = await addProduct();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("name")).toBe("Maamoul");
    expect(sent[0]!.get("price")).toBe("12.5");
    expect(sent[0]!.get("category_id")).toBe("3");
    expect(await screen.findByText("Product added.")).toBeTruthy();
  });

  it("checks the inputs first: a wrong one is marked and nothing is sent", async () => {
    const { dialog, onOpenChange } = await addProduct("lots");
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^Price/)
          .getAttribute("aria-invalid"),
      ).toBe("true"),
    );
    expect(sent).toHaveLength(0);
    expect(bannerOf(dialog).textContent).toBe("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  itShowsSaveFailures({
    reply: (body, status) => {
      reply = { status, body };
    },
    submit: () => addProduct(),
    fieldError: { errors: { sku: ["SKU is taken."] }, text: "SKU is taken." },
  });
});
