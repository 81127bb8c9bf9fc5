import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import arFooter from "../../i18n/locales/ar/footer.json";
import enFooter from "../../i18n/locales/en/footer.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { SubscribeForm } from "./subscribe-form.tsx";

// The network is the one thing replaced here; the real endpoint is covered by the API and
// browser tests. Each test answers with what the server says in that case.
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

async function submit(email: string, lang: "en" | "ar" = "en") {
  const user = userEvent.setup();
  renderInShell(<SubscribeForm />, { lang });
  const texts = lang === "en" ? enFooter : arFooter;
  const input = await screen.findByLabelText(texts.emailLabel);
  if (email) await user.type(input, email);
  await user.click(screen.getByRole("button", { name: texts.subscribe }));
  return { input: input as HTMLInputElement, status: screen.getByRole("status"), texts };
}

describe.each(["en", "ar"] as const)("footer subscribe in %s", (lang) => {
  it("a valid address is sent with the language and asked to confirm; the field empties", async () => {
    answer(202, { data: { email: "fan@example.com", confirmation: "email" } });
    const { input, status, texts } = await submit("fan@example.com", lang);
    await waitFor(() => expect(status.textContent).toBe(texts.subscribed));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/newsletter");
    expect(init.method).toBe("POST");
    expect(JSON.parse(init.body)).toEqual({ email: "fan@example.com", lang });
    expect(input.value).toBe("");
    expect(input.getAttribute("aria-invalid")).toBe("false");
  });

  it("a shop without e-mail says the confirmation comes later", async () => {
    answer(202, { data: { email: "fan@example.com", confirmation: "later" } });
    const { status, texts } = await submit("fan@example.com", lang);
    await waitFor(() => expect(status.textContent).toBe(texts.subscribedLater));
  });

  it.each(["not-an-email", ""])("%j is refused in the page, nothing is sent", async (email) => {
    const { input, status, texts } = await submit(email, lang);
    await waitFor(() => expect(status.textContent).toBe(texts.invalidEmail));
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("the server's 422 shows the invalid-address text in the page's language", async () => {
    answer(422, { message: "Please enter a valid email address.", errors: { email: ["x"] } });
    const { status, texts } = await submit("odd@example.com", lang);
    await waitFor(() => expect(status.textContent).toBe(texts.invalidEmail));
  });

  it.each([
    ["a server error", () => answer(500, { message: "Something went wrong" })],
    ["a rate limit", () => answer(429, { message: "Too many requests." })],
    ["no network", () => fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))],
  ])("%s shows a try-again text and keeps the address", async (_case, arrange) => {
    arrange();
    const { input, status, texts } = await submit("fan@example.com", lang);
    await waitFor(() => expect(status.textContent).toBe(texts.subscribeFailed));
    expect(input.value).toBe("fan@example.com");
  });
});
