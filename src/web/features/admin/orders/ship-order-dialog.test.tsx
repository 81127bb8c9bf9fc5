import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ShipOrderDialog } from "./ship-order-dialog.tsx";

const carriers = [
  {
    id: 3,
    name: "Gulf Express",
    name_ar: "الخليج السريع",
    tracking_url: "https://t.example/{number}",
  },
];

let patches: Array<Record<string, unknown>>;
let patchReply: () => Response;
beforeEach(() => {
  patches = [];
  patchReply = () => Response.json({ data: {} });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/admin/shipping/carriers") return Response.json({ data: carriers });
      patches.push(JSON.parse(String(init.body)));
      return patchReply();
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("mark shipped", () => {
  it("sends the chosen carrier's id and the tracking number with the status", async () => {
    const onOpenChange = vi.fn();
    renderWithKit(
      <ShipOrderDialog orderId={7} orderNumber="SW-10007" open onOpenChange={onOpenChange} />,
    );
    const carrier = await screen.findByLabelText("Carrier");
    await screen.findByRole("option", { name: "Gulf Express" });
    fireEvent.change(carrier, { target: { value: "3" } });
    fireEvent.input(screen.getByLabelText("Tracking number"), { target: { value: " GX-1/2 " } });
    fireEvent.click(screen.getByRole("button", { name: "Mark shipped" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(patches).toEqual([{ status: "shipped", carrier: 3, tracking_number: "GX-1/2" }]);
  });

  it("ships without a carrier, and shows a refused tracking number beside its field in Arabic", async () => {
    patchReply = () =>
      Response.json(
        {
          message: "The given data was invalid.",
          errors: {
            tracking_number: [
              "The tracking number must be 1 to 100 letters, digits, spaces or - _ / .",
            ],
          },
        },
        { status: 422 },
      );
    renderWithKit(
      <ShipOrderDialog orderId={7} orderNumber="SW-10007" open onOpenChange={vi.fn()} />,
      {
        lang: "ar",
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: "تم الشحن" }));
    expect(
      await screen.findByText(
        "يجب أن يتكون رقم التتبّع من 1 إلى 100 حرف أو رقم أو مسافة أو - _ / .",
      ),
    ).toBeTruthy();
    expect(patches).toEqual([{ status: "shipped", carrier: null, tracking_number: null }]);
  });
});
