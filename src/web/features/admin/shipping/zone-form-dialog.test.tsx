import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ZoneFormDialog } from "./zone-form-dialog.tsx";

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

const rows = () => screen.getAllByTestId("rate-band");

/**
 * Opens the add dialog and fills a zone: a name, Qatar, and two rate bands (the second added
 * in the dialog, so a server error on it names a row the form did not start with); then saves.
 */
async function addZone() {
  const onOpenChange = vi.fn();
  renderWithKit(<ZoneFormDialog open onOpenChange={onOpenChange} zone={null} />);
  const dialog = await screen.findByTestId("zone-dialog");
  const [english] = within(dialog).getAllByRole("textbox");
  fireEvent.change(english!, { target: { value: "Gulf" } });
  fireEvent.change(within(dialog).getByLabelText("Add a country"), { target: { value: "QA" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add" }));
  fireEvent.input(within(rows()[0]!).getByLabelText("Up to (grams)"), {
    target: { value: "1000" },
  });
  fireEvent.input(within(rows()[0]!).getByLabelText(/Fee \(USD\)/), { target: { value: "25" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Add a rate" }));
  fireEvent.input(within(rows()[1]!).getByLabelText(/Fee \(USD\)/), { target: { value: "40" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { dialog, onOpenChange };
}

describe("the shipping zone dialog's save", () => {
  it("creates, says so and closes", async () => {
    answer({ data: { id: 4 } }, 201);
    const { onOpenChange } = await addZone();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(["/api/admin/shipping/zones", "POST"]);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: "Gulf",
      countries: ["QA"],
      rates: [
        { up_to_grams: 1000, fee: 25 },
        { up_to_grams: null, fee: 40 },
      ],
    });
    expect(await screen.findByText("Shipping zone added.")).toBeTruthy();
  });

  it("puts a server error beside a rate row added in the dialog, with no banner", async () => {
    answer(
      { message: "The given data was invalid.", errors: { "rates.1.fee": ["Too high."] } },
      422,
    );
    const { dialog, onOpenChange } = await addZone();
    expect(await within(rows()[1]!).findByText("Too high.")).toBeTruthy();
    expect(within(dialog).getByTestId("form-errors").textContent).toBe("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows any other failure in the banner and stays open", async () => {
    answer({ message: "Someone else changed it." }, 409);
    const { dialog, onOpenChange } = await addZone();
    await waitFor(() =>
      expect(within(dialog).getByTestId("form-errors").textContent).toBe(
        "Someone else changed it.",
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
