import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminReview } from "../../../../shared/schemas/reviews.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { ReviewsScreen } from "./reviews-screen.tsx";

const review: AdminReview = {
  id: 5,
  author: "Layla",
  rating: 4,
  text: '<img src=x onerror="alert(1)"> Lovely maamoul',
  lang: "en",
  reply: "",
  reply_ar: "",
  created_at: "2026-11-20T10:00:00.000Z",
  status: "pending",
  product: { id: 3, name: "Date maamoul", name_ar: "معمول بالتمر" },
  order_number: "SW-10012",
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const page = (rows: AdminReview[]) =>
  json({ data: rows, meta: { page: 1, per_page: 20, total: rows.length, last_page: 1 } });

let calls: Array<{ url: string; method: string; body?: string }>;
beforeEach(() => {
  calls = [];
  localStorage.setItem("token", "admin-token");
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body as string | undefined });
      if (method === "PATCH") {
        const input = JSON.parse(String(init?.body));
        return json({ data: { ...review, ...input } });
      }
      return page([review]);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const patches = () => calls.filter((c) => c.method === "PATCH");

describe("the reviews screen", () => {
  it("lists the waiting reviews with the buyer's text as text, never markup", async () => {
    renderWithKit(<ReviewsScreen />);
    const text = await screen.findByTestId("review-text");
    expect(text.textContent).toBe(review.text);
    expect(text.querySelector("img")).toBeNull();
    expect(calls[0]!.url).toBe("/api/admin/reviews?status=pending&page=1&per_page=20");
    expect(screen.getByText("Date maamoul")).toBeTruthy();
    expect(screen.getByText("Layla")).toBeTruthy();
    expect(screen.getByLabelText("4 stars")).toBeTruthy();
  });

  it("filters by status on the server", async () => {
    renderWithKit(<ReviewsScreen />);
    await screen.findByTestId("review-text");
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "hidden" } });
    await waitFor(() =>
      expect(calls.at(-1)!.url).toBe("/api/admin/reviews?status=hidden&page=1&per_page=20"),
    );
  });

  it("publishes a review with PATCH and says so", async () => {
    renderWithKit(<ReviewsScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Publish Layla's review" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]!.url).toBe("/api/admin/reviews/5");
    expect(JSON.parse(patches()[0]!.body!)).toEqual({ status: "published" });
    expect(await screen.findByText("Review published.")).toBeTruthy();
  });

  it("hides a review with PATCH", async () => {
    renderWithKit(<ReviewsScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Hide Layla's review" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(patches()[0]!.body!)).toEqual({ status: "hidden" });
  });

  it("replies in English and Arabic from the dialog, keeping the review's status", async () => {
    renderWithKit(<ReviewsScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Reply to Layla's review" }));
    const dialog = await screen.findByTestId("review-reply-dialog");
    const [english, arabic] = within(dialog).getAllByRole("textbox");
    expect(arabic!.getAttribute("dir")).toBe("rtl");
    fireEvent.change(english!, { target: { value: "Thank you, Layla!" } });
    fireEvent.change(arabic!, { target: { value: "شكراً يا ليلى!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(patches()[0]!.body!)).toEqual({
      status: "pending",
      reply: "Thank you, Layla!",
      reply_ar: "شكراً يا ليلى!",
    });
    expect(await screen.findByText("Reply saved.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("review-reply-dialog")).toBeNull());
  });

  it("in Arabic: names the product in Arabic and publishes", async () => {
    renderWithKit(<ReviewsScreen />, { lang: "ar" });
    expect(await screen.findByText("معمول بالتمر")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "التقييمات" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "نشر تقييم Layla" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(patches()[0]!.body!)).toEqual({ status: "published" });
    expect(await screen.findByText("نُشر التقييم.")).toBeTruthy();
  });
});
