import { describe, expect, it } from "vitest";
import { INBOX_MESSAGES } from "../../../shared/schemas/inbox.ts";
import ar from "../../i18n/locales/ar/messages.json" with { type: "json" };
import en from "../../i18n/locales/en/messages.json" with { type: "json" };
import { messageKey } from "./messages.ts";

/** A key such as "spec.EMAIL_INVALID" read from a messages file. */
function textAt(bundle: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], bundle);
}

// Issue 29.4: the contact and trader forms showed the server's English on the Arabic page.
describe("the contact and trader forms' messages", () => {
  const texts = [
    ...Object.values(INBOX_MESSAGES),
    // The length rule carries its limit after SPEC's text.
    `${INBOX_MESSAGES.TOO_LONG} (120)`,
  ];
  it.each(texts)("%s has a key, in English and Arabic", (text) => {
    const found = messageKey(text);
    expect(found, text).toBeDefined();
    const english = textAt(en, found!.key);
    const arabic = textAt(ar, found!.key);
    expect(typeof english).toBe("string");
    expect(typeof arabic).toBe("string");
    expect(arabic).not.toBe(english);
    expect(arabic).toMatch(/[\u0600-\u06ff]/);
  });
});
