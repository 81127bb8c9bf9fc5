import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readAdminSession, storeAdminSession } from "./admin-session.ts";
import { ApiError, adminApi, apiPost, apiUpload } from "./api.ts";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function signInAdmin() {
  storeAdminSession({
    token: "admin-token",
    token_type: "Bearer",
    user: { id: 1, name: "Owner", email: "owner@shop.test", is_admin: 1 },
  });
}

/** The client's one way out of a dead admin session; recorded instead of navigating. */
let assigned: string[];
beforeEach(() => {
  localStorage.clear();
  assigned = [];
  vi.spyOn(window.location, "assign").mockImplementation((url) => {
    assigned.push(String(url));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("a refused request (SPEC 8)", () => {
  it("becomes an ApiError with the server's message and its field errors", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(422, {
          message: "The name field is required.",
          errors: { name: ["The name field is required."], email: ["Enter a valid email."] },
        }),
      ),
    );
    const error = await apiPost("/api/contact", { name: "" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe("The name field is required.");
    expect(apiError.fieldError("email")).toBe("Enter a valid email.");
    expect(apiError.errors).toEqual({
      name: ["The name field is required."],
      email: ["Enter a valid email."],
    });
    expect(apiError.isNetwork).toBe(false);
  });

  it("without a message shows the field errors joined, and without either the fallback", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(422, { errors: { a: ["First."], b: ["Second."] } })),
    );
    await expect(apiPost("/api/x")).rejects.toMatchObject({ message: "First. Second." });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );
    await expect(
      apiPost("/api/x", undefined, { fallback: "Could not send." }),
    ).rejects.toMatchObject({ status: 502, message: "Could not send.", errors: {} });
  });

  it("is a network ApiError (status 0) when the server cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("");
      }),
    );
    const error = (await apiPost("/api/x", undefined, { fallback: "You are offline." }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.isNetwork).toBe(true);
    expect(error.message).toBe("You are offline.");
  });
});

describe("a 401 on an admin call", () => {
  it("forgets the admin session and sends the owner to the admin login", async () => {
    signInAdmin();
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      json(401, { message: "Unauthenticated." }),
    );
    vi.stubGlobal("fetch", fetch);
    await expect(adminApi.get("/api/admin/orders")).rejects.toMatchObject({ status: 401 });
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>).authorization).toBe(
      "Bearer admin-token",
    );
    expect(readAdminSession()).toBeNull();
    expect(assigned).toEqual(["/admin-login"]);
  });

  it("also from an upload", async () => {
    signInAdmin();
    vi.stubGlobal(
      "XMLHttpRequest",
      fakeXhr({ status: 401, body: { message: "Unauthenticated." } }),
    );
    await expect(adminApi.upload("/api/admin/products", new FormData())).rejects.toMatchObject({
      status: 401,
    });
    expect(readAdminSession()).toBeNull();
    expect(assigned).toEqual(["/admin-login"]);
  });

  it("is not a redirect for a customer call or for another refusal", async () => {
    signInAdmin();
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { message: "Unauthenticated." })),
    );
    await expect(apiPost("/api/account", {}, { auth: "customer" })).rejects.toBeInstanceOf(
      ApiError,
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(403, { message: "Forbidden." })),
    );
    await expect(adminApi.get("/api/admin/orders")).rejects.toMatchObject({ status: 403 });
    expect(readAdminSession()).not.toBeNull();
    expect(assigned).toEqual([]);
  });
});

/**
 * happy-dom's XMLHttpRequest sends through fetch and never reports upload progress, so the
 * request is a stand-in that reports what a browser would: progress events, then the answer.
 */
function fakeXhr(answer: { status: number; body: unknown; progress?: [number, number][] }) {
  return class FakeXhr {
    status = 0;
    responseText = "";
    headers: Record<string, string> = {};
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(_method: string, _url: string) {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {}
    send(_body: FormData) {
      queueMicrotask(() => {
        for (const [loaded, total] of answer.progress ?? [])
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  };
}

/** The server's words for a refused image (uploads/images.ts). */
const IMAGE_TYPE_MESSAGE = "The image must be a PNG, JPG, JPEG or WebP file.";

describe("a multipart upload", () => {
  it("reports its progress as the body goes out, then 1 when the server has it", async () => {
    vi.stubGlobal(
      "XMLHttpRequest",
      fakeXhr({
        status: 201,
        body: { data: { id: 7 } },
        progress: [
          [0, 4_000_000],
          [1_000_000, 4_000_000],
          [4_000_000, 4_000_000],
        ],
      }),
    );
    const seen: number[] = [];
    const result = await apiUpload<{ data: { id: number } }>(
      "/api/admin/products",
      new FormData(),
      {
        onProgress: (fraction) => seen.push(fraction),
      },
    );
    expect(result.data.id).toBe(7);
    expect(seen).toEqual([0, 0.25, 1, 1]);
  });

  it("refused, is the same ApiError with the field's message", async () => {
    vi.stubGlobal(
      "XMLHttpRequest",
      fakeXhr({
        status: 422,
        body: { message: IMAGE_TYPE_MESSAGE, errors: { images: [IMAGE_TYPE_MESSAGE] } },
      }),
    );
    const error = (await apiUpload("/api/admin/products", new FormData()).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("The image must be a PNG, JPG, JPEG or WebP file.");
    expect(error.fieldError("images")).toBe("The image must be a PNG, JPG, JPEG or WebP file.");
  });
});
