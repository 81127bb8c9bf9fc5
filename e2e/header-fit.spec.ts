import type { Locator } from "@playwright/test";
import { expect, localeTexts, test, waitForHydration } from "./support.ts";

/**
 * Issue 29.15: the shop's name was cut in the phone header ("Golden S…", "القطر ا…") and the
 * footer's e-mail placeholder clipped ("you@exampl"). Both must show whole, on a phone and on a
 * desktop, in both languages.
 */

/** True when the element's text is drawn whole: nothing scrolled away, nothing ellipsed. */
async function textFits(locator: Locator) {
  return locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

/** The placeholder's drawn width in the input's own font, against the room the input gives it. */
async function placeholderFits(input: Locator) {
  return input.evaluate((el) => {
    const field = el as HTMLInputElement;
    const style = getComputedStyle(field);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(field.placeholder).width;
    const room =
      field.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
    return { text: Math.ceil(text), room };
  });
}

for (const lang of ["en", "ar"] as const) {
  for (const width of [390, 1366]) {
    test(`${lang} at ${width} px: the shop's name and the footer's e-mail field show whole`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(lang === "ar" ? "/ar" : "/");
      await waitForHydration(page);

      const brand = page.getByTestId("brand-name");
      await expect(brand).toHaveText(localeTexts(lang, "common").brandShort);
      expect(await textFits(brand)).toBe(true);

      const email = page.locator("footer").getByRole("textbox", {
        name: localeTexts(lang, "footer").emailLabel,
      });
      await email.scrollIntoViewIfNeeded();
      const { text, room } = await placeholderFits(email);
      expect(text, `placeholder ${text}px in ${room}px`).toBeLessThanOrEqual(room);
    });
  }
}
