import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, type Mock, vi } from "vitest";

/**
 * An admin screen's server in a test file: the admin is signed in, `fetchMock` keeps the
 * requests and `answer(body, status)` answers every one of them. Called once at the top of the
 * file: it registers its own set-up and clean-up around each test.
 */
export function stubAdminFetch() {
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
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
  const answer = (body: unknown, status: number) =>
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status }));
  return { fetchMock, answer };
}

/**
 * A record dialog's save through fetch: one request to `url` by `method` with `sent` in its
 * JSON body, then the success toast `toast` and the dialog closes. `submit` opens the dialog,
 * fills it and presses Save; the server's answer is already set.
 */
export async function expectSavedAndClosed({
  fetchMock,
  submit,
  url,
  method,
  sent,
  toast,
}: {
  fetchMock: Mock<(url: string, init?: RequestInit) => Promise<Response>>;
  submit: () => Promise<{ onOpenChange: Mock }>;
  url: string;
  method: "POST" | "PUT";
  sent: Record<string, unknown>;
  toast: string;
}) {
  const { onOpenChange } = await submit();
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  expect(fetchMock).toHaveBeenCalledOnce();
  const [calledUrl, init] = fetchMock.mock.calls[0]!;
  expect([calledUrl, init?.method]).toEqual([url, method]);
  expect(JSON.parse(String(init?.body))).toMatchObject(sent);
  expect(await screen.findByText(toast)).toBeTruthy();
}

/** A record dialog's banner: its last error list (a block of rows may keep its own above it). */
export const bannerOf = (dialog: HTMLElement) =>
  within(dialog).getAllByTestId("form-errors").at(-1)!;

/**
 * The two failures every admin record dialog shows alike (useRecordForm): a server error on a
 * field stands beside that field with no banner repeating it, and anything else is the banner;
 * either way the dialog stays open. `reply` sets the server's answer to the save; `submit`
 * opens the dialog, fills it and presses Save.
 */
export function itShowsSaveFailures({
  reply,
  submit,
  fieldError,
}: {
  reply: (body: unknown, status: number) => void;
  submit: () => Promise<{ dialog: HTMLElement; onOpenChange: Mock }>;
  /** The server's `errors`, the message shown, and where (the dialog unless said). */
  fieldError: { errors: Record<string, string[]>; text: string; near?: () => HTMLElement };
}) {
  it("puts a field's server error beside the field, with no banner repeating it", async () => {
    reply({ message: "The given data was invalid.", errors: fieldError.errors }, 422);
    const { dialog, onOpenChange } = await submit();
    expect(await within(fieldError.near?.() ?? dialog).findByText(fieldError.text)).toBeTruthy();
    expect(bannerOf(dialog).textContent).toBe("");
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows any other failure in the banner and stays open", async () => {
    reply({ message: "Someone else changed it." }, 409);
    const { dialog, onOpenChange } = await submit();
    await waitFor(() => expect(bannerOf(dialog).textContent).toBe("Someone else changed it."));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
}
