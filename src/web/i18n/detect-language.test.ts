import { afterEach, describe, expect, it, vi } from "vitest";
import { detectLanguage } from "./detect-language.ts";

type Sources = { storage?: string; html?: string; cookie?: string; browser?: string[] };

function setSources({ storage, html, cookie, browser = [] }: Sources) {
  localStorage.clear();
  if (storage !== undefined) localStorage.setItem("i18nextLng", storage);
  if (html === undefined) document.documentElement.removeAttribute("lang");
  else document.documentElement.setAttribute("lang", html);
  // biome-ignore lint/suspicious/noDocumentCookie: the detector reads this cookie
  document.cookie = "lang=; max-age=0; path=/";
  // biome-ignore lint/suspicious/noDocumentCookie: the detector reads this cookie
  if (cookie !== undefined) document.cookie = `lang=${encodeURIComponent(cookie)}; path=/`;
  vi.spyOn(navigator, "languages", "get").mockReturnValue(browser);
}

afterEach(() => {
  setSources({});
});

describe("detectLanguage: SPEC 1's order, injected values discarded", () => {
  it.each<[string, Sources, string | null]>([
    ["local storage first", { storage: "ar", html: "en", cookie: "en", browser: ["en"] }, "ar"],
    ["then the html tag", { html: "ar", cookie: "en", browser: ["en"] }, "ar"],
    ["then the cookie", { cookie: "ar", browser: ["en"] }, "ar"],
    ["then the browser language", { browser: ["fr-FR", "ar-SY"] }, "ar"],
    ["an unsupported stored value falls through", { storage: "fr", html: "ar" }, "ar"],
    ["script in storage is ignored", { storage: "<script>alert(1)</script>", html: "en" }, "en"],
    [
      "script in the cookie is ignored",
      { cookie: "ar<img src=x onerror=alert(1)>", browser: ["en"] },
      "en",
    ],
    ["nothing usable", { storage: "de", browser: ["fr"] }, null],
  ])("%s", (_name, sources, expected) => {
    setSources(sources);
    expect(detectLanguage()).toBe(expected);
  });

  it("a blocked local storage does not stop detection", () => {
    setSources({ html: "ar" });
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(detectLanguage()).toBe("ar");
  });
});
