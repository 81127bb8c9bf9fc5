import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type ShippingZoneInput,
  type ShippingZoneValues,
  shippingZoneInputSchema,
} from "../../../../shared/schemas/shipping.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { RateBandsEditor } from "./rate-bands-editor.tsx";

afterEach(cleanup);

/** The editor inside a zone form, as the dialog uses it; `onValid` gets what would be sent. */
function Harness({
  rates,
  onValid,
}: {
  rates: ShippingZoneInput["rates"];
  onValid: (values: ShippingZoneValues) => void;
}) {
  const form = useForm<ShippingZoneInput, unknown, ShippingZoneValues>({
    resolver: zodResolver(shippingZoneInputSchema),
    defaultValues: { name: "Gulf", name_ar: "", countries: ["QA"], max_grams: "", rates },
  });
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <RateBandsEditor form={form} />
      <button type="submit">Save</button>
    </form>
  );
}

const rows = () => screen.getAllByTestId("rate-band");
const weightOf = (row: HTMLElement) => within(row).getByLabelText("Up to (grams)");
const feeOf = (row: HTMLElement) => within(row).getByLabelText(/Fee \(USD\)/);

describe("rate bands editor", () => {
  it("adds rows, leaves the last one open, previews the bands and sends numbers", async () => {
    const onValid = vi.fn();
    renderWithKit(<Harness rates={[{ up_to_grams: "", fee: "" }]} onValid={onValid} />);
    expect(rows()).toHaveLength(1);
    // One band cannot be removed: a zone needs a rate.
    expect(
      (screen.getByRole("button", { name: "Remove rate 1" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.input(weightOf(rows()[0]!), { target: { value: "1000" } });
    fireEvent.input(feeOf(rows()[0]!), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a rate" }));
    expect(rows()).toHaveLength(2);
    fireEvent.input(weightOf(rows()[1]!), { target: { value: "3000" } });
    fireEvent.input(feeOf(rows()[1]!), { target: { value: "40.00" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a rate" }));
    fireEvent.input(feeOf(rows()[2]!), { target: { value: "60" } });

    const preview = await screen.findByTestId("rate-preview");
    expect(
      within(preview)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Up to 1 kg$25.00", "Up to 3 kg$40.00", "Above 3 kg$60.00"]);

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0].rates).toEqual([
      { up_to_grams: 1000, fee: 25 },
      { up_to_grams: 3000, fee: 40 },
      { up_to_grams: null, fee: 60 },
    ]);
  });

  it("removes a row and shows the schema's message beside a band out of order", async () => {
    const onValid = vi.fn();
    renderWithKit(
      <Harness
        rates={[
          { up_to_grams: "1000", fee: "25" },
          { up_to_grams: "500", fee: "30" },
          { up_to_grams: "", fee: "10" },
        ]}
        onValid={onValid}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const weight = weightOf(rows()[1]!);
    await waitFor(() => expect(weight.getAttribute("aria-invalid")).toBe("true"));
    expect(within(rows()[1]!).getByTestId("field-error").textContent).toBe(
      "Each rate must go up to a heavier weight than the one before it.",
    );
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Remove rate 2" }));
    expect(rows()).toHaveLength(2);
    expect((weightOf(rows()[1]!) as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0].rates).toEqual([
      { up_to_grams: 1000, fee: 25 },
      { up_to_grams: null, fee: 10 },
    ]);
  });

  it("refuses an open band that is not the last and a three-decimal fee, in Arabic", async () => {
    renderWithKit(
      <Harness
        rates={[
          { up_to_grams: "", fee: "25.123" },
          { up_to_grams: "2000", fee: "30" },
        ]}
        onValid={vi.fn()}
      />,
      { lang: "ar" },
    );
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("السعر الأخير وحده يمكن أن يكون بلا وزن أعلى.")).toBeTruthy();
    expect(
      screen.getByText("يجب أن تكون الرسوم رقماً بين 0 و10,000 بخانتين عشريتين على الأكثر."),
    ).toBeTruthy();
  });
});
