import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CategoryFormDialog } from "./category-form-dialog.tsx";

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
/** Every request of the test is answered with `body` and `status`. */
const answer = (body: unknown, status: number) =>
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  localStorage.setItem("token", "admin-token");
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Opens the add dialog, types an English name and saves. */
async function addCategory(name: string) {
  const onOpenChange = vi.fn();
  renderWithKit(<CategoryFormDialog open onOpenChange={onOpenChange} category={null} />);
  const dialog = await screen.findByTestId("category-dialog");
  const [english] = within(dialog).getAllByRole("textbox");
  fireEvent.change(english!, { target: { value: name } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { dialog, onOpenChange };
}

describe("an admin record dialog's save (useRecordForm)", () => {
  it("creates, says so and closes", async () => {
    answer({ data: { id: 7, name: "Nuts" } }, 201);
    const { onOpenChange } = await addCategory("Nuts");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(["/api/admin/categories", "POST"]);
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: "Nuts" });
    expect(await screen.findByText("Category added.")).toBeTruthy();
  });

  it("puts a field's server error beside the field, with no banner repeating it", async () => {
    answer({ message: "The given data was invalid.", errors: { name: ["Name is taken."] } }, 422);
    const { dialog, onOpenChange } = await addCategory("Nuts");
    expect(await within(dialog).findByText("Name is taken.")).toBeTruthy();
    expect(within(dialog).getByTestId("form-errors").textContent).toBe("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows any other failure in the banner and stays open", async () => {
    answer({ message: "Someone else changed it." }, 409);
    const { dialog, onOpenChange } = await addCategory("Nuts");
    await waitFor(() =>
      expect(within(dialog).getByTestId("form-errors").textContent).toBe(
        "Someone else changed it.",
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
