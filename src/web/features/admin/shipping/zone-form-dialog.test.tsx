import { fireEvent, screen, within } from "@testing-library/react";
import { describe, it, vi } from "vitest";
import {
  expectSavedAndClosed,
  itShowsSaveFailures,
  stubAdminFetch,
} from "../../../test/record-dialog.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ZoneFormDialog } from "./zone-form-dialog.tsx";

const { fetchMock, answer } = stubAdminFetch();

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
    await expectSavedAndClosed({
      fetchMock,
      submit: addZone,
      url: "/api/admin/shipping/zones",
      method: "POST",
      sent: {
        name: "Gulf",
        countries: ["QA"],
        rates: [
          { up_to_grams: 1000, fee: 25 },
          { up_to_grams: null, fee: 40 },
        ],
      },
      toast: "Shipping zone added.",
    });
  });

  // A row added in the dialog: the fields a server error may name are read at the failure.
  itShowsSaveFailures({
    reply: answer,
    submit: addZone,
    fieldError: {
      errors: { "rates.1.fee": ["Too high."] },
      text: "Too high.",
      near: () => rows()[1]!,
    },
  });
});
