import { fireEvent, screen, within } from "@testing-library/react";
import { describe, it, vi } from "vitest";
import {
  expectSavedAndClosed,
  itShowsSaveFailures,
  stubAdminFetch,
} from "../../../test/record-dialog.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CarrierFormDialog } from "./carrier-form-dialog.tsx";

const { fetchMock, answer } = stubAdminFetch();

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
    await expectSavedAndClosed({
      fetchMock,
      submit: addCarrier,
      url: "/api/admin/shipping/carriers",
      method: "POST",
      sent: { name: "Aramex", tracking_url: "https://track.example/{number}" },
      toast: "Carrier added.",
    });
  });

  itShowsSaveFailures({
    reply: answer,
    submit: addCarrier,
    fieldError: { errors: { tracking_url: ["Address refused."] }, text: "Address refused." },
  });
});
