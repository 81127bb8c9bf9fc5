import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { CampaignDialog } from "./campaign-dialog.tsx";

const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
const saved = {
  id: 5,
  subject: "Eid",
  subject_ar: "العيد",
  body: [{ type: "paragraph", text: "Maamoul" }],
  body_ar: [{ type: "paragraph", text: "معمول" }],
  rate_per_minute: 60,
  status: "draft",
  send_at: null,
  finished_at: null,
  created_at: "2026-11-29T10:00:00.000Z",
  counts: { recipients: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 },
};

beforeEach(() => {
  localStorage.setItem("token", "admin-token");
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.startsWith("/api/admin/products"))
      return new Response(
        JSON.stringify({ data: [], meta: { page: 1, per_page: 100, total: 0, last_page: 1 } }),
      );
    return new Response(JSON.stringify({ data: saved }), { status: 201 });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the campaign editor", () => {
  it.each([
    ["en", "Write the subject in this language.", "Save draft"],
    ["ar", "اكتب الموضوع بهذه اللغة.", "حفظ المسودة"],
  ] as const)(
    "%s: an empty save names what is missing and sends nothing",
    async (lang, text, save) => {
      renderWithKit(<CampaignDialog open onOpenChange={() => {}} campaign={null} />, { lang });
      const dialog = await screen.findByTestId("campaign-dialog");
      fireEvent.click(within(dialog).getByRole("button", { name: save }));
      expect(await within(dialog).findAllByText(text)).toHaveLength(2);
      expect(fetchMock.mock.calls.some(([url]) => url.startsWith("/api/admin/campaigns"))).toBe(
        false,
      );
    },
  );

  it("blocks are added, moved and removed, and saved in the order shown", async () => {
    renderWithKit(<CampaignDialog open onOpenChange={() => {}} campaign={null} />);
    const dialog = await screen.findByTestId("campaign-dialog");
    fireEvent.change(within(dialog).getByLabelText(/^Subject \(English\)/), {
      target: { value: "Eid" },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Subject \(Arabic\)/), {
      target: { value: "العيد" },
    });
    const en = within(within(dialog).getByTestId("blocks-body"));
    fireEvent.change(en.getByLabelText("Heading 1"), { target: { value: "Eid is coming" } });
    fireEvent.change(en.getByLabelText("Paragraph 2"), { target: { value: "Maamoul" } });
    fireEvent.click(en.getByRole("button", { name: "Add link" }));
    fireEvent.change(en.getByLabelText("Link text 3"), { target: { value: "Order" } });
    fireEvent.change(en.getByLabelText(/^Link address 3/), { target: { value: "/shop" } });
    fireEvent.click(en.getByRole("button", { name: "Move block 3 (Link) up" }));
    fireEvent.click(en.getByRole("button", { name: "Remove block 1 (Heading)" }));
    const ar = within(within(dialog).getByTestId("blocks-body_ar"));
    fireEvent.change(ar.getByLabelText("Paragraph 2"), { target: { value: "معمول" } });
    fireEvent.click(ar.getByRole("button", { name: "Remove block 1 (Heading)" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save draft" }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === "POST")!;
    expect(url).toBe("/api/admin/campaigns");
    expect(JSON.parse(String(init?.body))).toEqual({
      subject: "Eid",
      subject_ar: "العيد",
      rate_per_minute: 60,
      body: [
        { type: "link", text: "Order", url: "/shop" },
        { type: "paragraph", text: "Maamoul" },
      ],
      body_ar: [{ type: "paragraph", text: "معمول" }],
    });
    // Saved, the dialog goes on to the preview and the sending.
    expect(await within(dialog).findByRole("button", { name: "Send test to me" })).toBeTruthy();
  });
});
