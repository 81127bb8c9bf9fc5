import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEWSLETTER_MESSAGES } from "../../../shared/domain/newsletter.ts";
import ar from "../../i18n/locales/ar/newsletter.json";
import en from "../../i18n/locales/en/newsletter.json";
import { renderInShell } from "../../test/render-in-shell.tsx";
import { TokenAction } from "./token-action.tsx";

// The network is replaced here; the real endpoints are covered by the API and browser tests.
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
const TOKEN = "A".repeat(43);

describe.each([
  ["en", en],
  ["ar", ar],
] as const)("newsletter link page in %s", (lang, texts) => {
  it.each(["confirm", "unsubscribe"] as const)(
    "%s: opening changes nothing; the button posts the token and says it is done",
    async (action) => {
      renderInShell(<TokenAction action={action} token={TOKEN} />, { lang });
      const button = await screen.findByRole("button", { name: texts[action].submit });
      expect(fetchMock).not.toHaveBeenCalled();
      answer(200, { data: { ok: true } });
      await userEvent.setup().click(button);
      expect((await screen.findByTestId("newsletter-done")).textContent).toContain(
        texts[action].done,
      );
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe(`/api/newsletter/${action}`);
      expect(JSON.parse(init.body)).toEqual({ token: TOKEN });
    },
  );

  it("a used link says so in the reader's language, with no button to press again", async () => {
    renderInShell(<TokenAction action="unsubscribe" token={TOKEN} />, { lang });
    answer(422, {
      message: NEWSLETTER_MESSAGES.TOKEN_INVALID,
      errors: { token: [NEWSLETTER_MESSAGES.TOKEN_INVALID] },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: texts.unsubscribe.submit }));
    expect((await screen.findByTestId("form-errors")).textContent).toContain(
      texts.errors.TOKEN_INVALID,
    );
    expect(screen.getByText(texts.usedHint)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("no network keeps the button for another try", async () => {
    renderInShell(<TokenAction action="confirm" token={TOKEN} />, { lang });
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await userEvent
      .setup()
      .click(await screen.findByRole("button", { name: texts.confirm.submit }));
    expect((await screen.findByTestId("form-errors")).textContent).toContain(texts.confirm.failed);
    expect(screen.getByRole("button", { name: texts.confirm.submit })).toBeTruthy();
  });

  it("a link without its token says it is incomplete", async () => {
    renderInShell(<TokenAction action="confirm" token="" />, { lang });
    expect((await screen.findByTestId("form-errors")).textContent).toContain(
      texts.errors.TOKEN_REQUIRED,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});
