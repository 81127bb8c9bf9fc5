import { customOpening, type MailOpenings } from "../../../shared/domain/mail-openings.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { LAYOUT_MARK, MAIL_COLOURS, renderMailLayout } from "./layout.tsx";
import { escapeHtml, type Mail } from "./templates.ts";

/**
 * Invisible direction marks (LRM, RLM, ALM, the embeddings and the isolates). They order an
 * HTML page's mixed text; in a plain-text part they are noise a reader copies into a reply or
 * a search, and some clients draw them as boxes. The text part is written in reading order.
 */
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const withoutBidiMarks = (text: string) => text.replace(BIDI_MARKS, "");

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&nbsp;": "\u00a0",
};
const textOf = (html: string) =>
  withoutBidiMarks(
    html.replace(/<[^>]+>/g, "").replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e]!),
  ).trim();

const OPENING = /<p data-opening="([a-z_]+)"(?: data-order="([^"]*)")?>([\s\S]*?)<\/p>/;

/** What the mail kit adds to a template's e-mail before it goes out. */
export type FinishOptions = {
  /** The shop's public origin (logo, footer link); null = no logo. */
  origin: string | null;
  /** The owner's opening sentences (Settings); empty = the templates' own. */
  openings?: MailOpenings;
};

/**
 * A template's e-mail as it is sent: the HTML inside the shop's layout (logo, colours,
 * direction), the owner's opening sentence where the template marks one, and a plain-text
 * part without direction marks. Every template keeps writing a bare document
 * (`<html lang dir><body>…</body></html>` with `<p>`s and tables): the layout reads its
 * language and body, so a new template gets the frame without knowing of it. Laying out an
 * e-mail that already is changes nothing.
 */
export function finishMail<M extends Mail>(mail: M, opts: FinishOptions): M {
  let { html, text } = mail;
  const lang: Lang = /<html[^>]*\blang="ar"/i.test(html) ? "ar" : "en";
  const opening = OPENING.exec(html);
  if (opening) {
    const [whole, kind, order, inner] = opening as unknown as [string, string, string, string];
    const custom = customOpening(opts.openings, kind, lang, order ?? null);
    if (custom) {
      const before = textOf(inner);
      html = html.replace(
        whole,
        `<p data-opening="${kind}"${order ? ` data-order="${order}"` : ""}>${escapeHtml(custom)}</p>`,
      );
      // The same sentence in the plain-text part: the line that reads as the default did.
      const lines = text.split("\n");
      const at = lines.findIndex((line) => withoutBidiMarks(line).trim() === before);
      if (at >= 0) lines[at] = custom;
      text = lines.join("\n");
    }
  }
  text = withoutBidiMarks(text);
  if (html.includes(LAYOUT_MARK)) return { ...mail, html, text };
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const content = body
    // Bare paragraphs and links in the shop's spacing and colour (clients have no stylesheet).
    .replace(/<p>/g, '<p style="margin:0 0 14px">')
    .replace(/<p data-opening=/g, '<p style="margin:0 0 14px;font-weight:600" data-opening=')
    .replace(
      /<a (?![^>]*\bstyle=)/g,
      `<a style="color:${MAIL_COLOURS.goldDark};word-break:break-all" `,
    )
    .replace(/<hr>/g, `<hr style="border:0;border-top:1px solid ${MAIL_COLOURS.line}">`);
  const preview = (opening ? textOf(OPENING.exec(html)![3]!) : "") || previewOf(text);
  return {
    ...mail,
    html: renderMailLayout({ lang, content, preview, origin: opts.origin }),
    text,
  };
}

/** The inbox's preview: the first line after the greeting. */
function previewOf(text: string): string {
  const lines = text.split("\n").filter((line) => line.trim());
  return (lines[1] ?? lines[0] ?? "").slice(0, 140);
}
