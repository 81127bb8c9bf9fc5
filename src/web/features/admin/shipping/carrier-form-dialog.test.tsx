import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CarrierFormDialog } from "./carrier-form-dialog.tsx";

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

/** Opens the add dialog, types a name and a tracking address and saves. */
async function addCarrier() {
  const onOpenChange = vi.fn();
  renderWithKit(<CarrierFormDialog open onOpenChange={onOpenChange} carrier={null} />);
  const dialog = await screen.findByTestId("carrier-dialog");
  const [english] = within(dialog).getAllByRole("textbox");
  fireEvent.change(english!, { target: { value: "Aramex" } });
  fireEvent.change(within(dialog).getByLabelText(/Tracking address/), {
    target: { value: "https://track.example/{number}" },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
  return { dialog, onOpenChange };
}

describe("the carrier dialog's save", () => {
  it("creates, says so and closes", async () => {
    answer(
      {
        data: {
          id: 3,
          name: "Aramex",
          name_ar: "",
          tracking_url: "https://track.example/{number}",
        },
      },
      201,
    );
    const { onOpenChange } = await addCarrier();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init?.method]).toEqual(["/api/admin/shipping/carriers", "POST"]);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: "Aramex",
      tracking_url: "https://track.example/{number}",
    });
    expect(await screen.findByText("Carrier added.")).toBeTruthy();
  });

  it("puts a field's server error beside the field, with no banner repeating it", async () => {
    answer(
      { message: "The given data was invalid.", errors: { tracking_url: ["Address refused."] } },
      422,
    );
    const { dialog, onOpenChange } = await addCarrier();
    expect(await within(dialog).findByText("Address refused.")).toBeTruthy();
    expect(within(dialog).getByTestId("form-errors").textContent).toBe("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows any other failure in the banner and stays open", async () => {
    answer({ message: "Someone else changed it." }, 409);
    const { dialog, onOpenChange } = await addCarrier();
    await waitFor(() =>
      expect(within(dialog).getByTestId("form-errors").textContent).toBe(
        "Someone else changed it.",
      ),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
