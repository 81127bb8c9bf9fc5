import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { renderToStaticMarkup } from "react-dom/server";
import type { Lang } from "../../../shared/domain/money.ts";

/**
 * The shop's colours (the storefront's theme in web/app.css), written out: e-mail clients
 * read no stylesheet, so every colour sits inline where it is used.
 */
export const MAIL_COLOURS = {
  cream: "#fbf6ee",
  ink: "#2b1d12",
  muted: "#6b5744",
  gold: "#b7791f",
  goldDark: "#8a5a12",
  brown: "#5a3a1d",
  line: "#e7dccb",
} as const;

/** Arabic first in the Arabic stack: Tahoma draws Arabic in every client that has no web font. */
export const mailFont = (lang: Lang) =>
  lang === "ar"
    ? "Tahoma, 'Segoe UI', Arial, sans-serif"
    : "'Segoe UI', Helvetica, Arial, sans-serif";

const BRAND = { en: "Golden Syrup Sweets", ar: "حلويات القطر الذهبي" } as const;
const FOOTER = {
  en: "You receive this e-mail because of your order or account at our shop.",
  ar: "تصلك هذه الرسالة بسبب طلبك أو حسابك في متجرنا.",
} as const;

/** The mark every laid-out e-mail carries, so laying one out twice changes nothing. */
export const LAYOUT_MARK = "data-mail-layout";

/**
 * One e-mail in the shop's frame: the logo and name on a cream band with a gold rule, the
 * message on white in a 600-px column (tables, the only layout every client keeps), and a
 * footer with the shop's address. Right to left in Arabic: `dir` on the document and on each
 * cell, and `align` beside `text-align` for Outlook, which reads only the attribute.
 * `content` is the message's own HTML (trusted: the templates escape what they insert).
 */
export function renderMailLayout(input: {
  lang: Lang;
  content: string;
  /** The first line the inbox shows beside the subject. */
  preview: string;
  /** The shop's public origin: the logo's address and the footer's link; null = neither. */
  origin: string | null;
}): string {
  const { lang, origin } = input;
  const rtl = lang === "ar";
  const dir = rtl ? "rtl" : "ltr";
  const start = rtl ? "right" : "left";
  const shop = origin ? `${origin}${rtl ? "/ar" : ""}` : null;
  const font = mailFont(lang);
  const element = (
    <Html lang={lang} dir={dir} {...{ [LAYOUT_MARK]: "1" }}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      {input.preview ? <Preview>{input.preview}</Preview> : null}
      <Body
        dir={dir}
        style={{
          margin: 0,
          padding: "24px 0",
          backgroundColor: MAIL_COLOURS.cream,
          fontFamily: font,
        }}
      >
        <Container
          dir={dir}
          style={{
            maxWidth: "600px",
            backgroundColor: "#ffffff",
            border: `1px solid ${MAIL_COLOURS.line}`,
            borderRadius: "8px",
          }}
        >
          <Section
            dir={dir}
            style={{
              backgroundColor: MAIL_COLOURS.cream,
              borderBottom: `3px solid ${MAIL_COLOURS.gold}`,
              padding: "16px 24px",
              textAlign: start,
            }}
            align={start}
          >
            {origin ? (
              <Img
                src={`${origin}/icons/icon-192.png`}
                width="48"
                height="48"
                alt=""
                style={{ display: "inline-block", verticalAlign: "middle", borderRadius: "8px" }}
              />
            ) : null}
            <span
              style={{
                display: "inline-block",
                verticalAlign: "middle",
                color: MAIL_COLOURS.brown,
                fontSize: "20px",
                fontWeight: 700,
                padding: "0 12px",
              }}
            >
              {BRAND[lang]}
            </span>
          </Section>
          <Section dir={dir} align={start} style={{ padding: "24px", textAlign: start }}>
            <div
              dir={dir}
              style={{
                color: MAIL_COLOURS.ink,
                fontSize: "15px",
                lineHeight: "1.55",
                fontFamily: font,
              }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the templates' escaped HTML
              dangerouslySetInnerHTML={{ __html: input.content }}
            />
          </Section>
          <Section
            dir={dir}
            align={start}
            style={{
              padding: "16px 24px",
              borderTop: `1px solid ${MAIL_COLOURS.line}`,
              textAlign: start,
            }}
          >
            <Text
              style={{ margin: 0, color: MAIL_COLOURS.muted, fontSize: "12px", lineHeight: "18px" }}
            >
              {FOOTER[lang]}
              {shop ? (
                <>
                  <br />
                  <Link href={shop} style={{ color: MAIL_COLOURS.goldDark }}>
                    {BRAND[lang]}
                  </Link>
                </>
              ) : null}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
