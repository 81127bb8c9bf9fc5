import type { CampaignBlock } from "../../../shared/domain/campaigns.ts";
import { dirFor, type Language } from "../../../shared/domain/language.ts";
import { formatMoney, toCents } from "../../../shared/domain/money.ts";
import { productPath } from "../../../shared/domain/paths.ts";
import { escapeHtml, type Mail } from "../mail/templates.ts";

/** What a product block shows: the card is drawn from the product as it is when the mail is made. */
export type CampaignProduct = {
  id: number;
  name: string;
  name_ar: string;
  /** What the first weight costs now, dollars. */
  price: number;
  image_url: string | null;
};

const TEXTS = {
  en: { view: "See it in the shop", brand: "Golden Syrup Sweets" },
  ar: { view: "شاهده في المتجر", brand: "حلويات القطر الذهبي" },
} as const;

/** An address of the shop itself (`/uploads/…`) becomes absolute: a mail client has no page. */
const absolute = (baseUrl: string, url: string) => (url.startsWith("/") ? baseUrl + url : url);

/**
 * A campaign's body in one language as an e-mail: each block in order, a product block as a
 * card with its picture, name, price and link (a product no longer on sale is left out). Text is
 * escaped; the unsubscribe footer is added by the newsletter's queue, not here.
 */
export function campaignMail(
  lang: Language,
  subject: string,
  blocks: readonly CampaignBlock[],
  opts: { baseUrl: string; products: ReadonlyMap<number, CampaignProduct> },
): Mail {
  const t = TEXTS[lang];
  const html: string[] = [];
  const text: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
        html.push(`<h2 style="font-size:20px;margin:16px 0 8px">${escapeHtml(block.text)}</h2>`);
        text.push(block.text, "=".repeat(Math.min(block.text.length, 60)), "");
        break;
      case "paragraph":
        html.push(
          `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(block.text).replace(/\n/g, "<br>")}</p>`,
        );
        text.push(block.text, "");
        break;
      case "link": {
        const href = escapeHtml(absolute(opts.baseUrl, block.url));
        html.push(`<p style="margin:0 0 12px"><a href="${href}">${escapeHtml(block.text)}</a></p>`);
        text.push(`${block.text}: ${absolute(opts.baseUrl, block.url)}`, "");
        break;
      }
      case "image": {
        const src = escapeHtml(absolute(opts.baseUrl, block.url));
        html.push(
          `<p style="margin:0 0 12px"><img src="${src}" alt="${escapeHtml(block.alt)}" style="max-width:100%;height:auto;border:0"></p>`,
        );
        if (block.alt) text.push(`[${block.alt}]`, "");
        break;
      }
      case "product": {
        const product = opts.products.get(block.product_id);
        if (!product) break;
        const name = lang === "ar" && product.name_ar.trim() ? product.name_ar : product.name;
        const link = opts.baseUrl + productPath(lang, product);
        const price = formatMoney(toCents(product.price), lang);
        const image = product.image_url
          ? `<img src="${escapeHtml(absolute(opts.baseUrl, product.image_url))}" alt="" width="120" style="display:block;max-width:120px;height:auto;border:0;border-radius:6px">`
          : "";
        html.push(
          `<table role="presentation" cellpadding="0" cellspacing="0" style="border:1px solid #e5d9c8;border-radius:8px;margin:0 0 12px;width:100%"><tr>${image ? `<td style="padding:8px;width:120px">${image}</td>` : ""}<td style="padding:8px;vertical-align:top"><strong>${escapeHtml(name)}</strong><br><span dir="ltr">${escapeHtml(price)}</span><br><a href="${escapeHtml(link)}">${escapeHtml(t.view)}</a></td></tr></table>`,
        );
        text.push(`${name} – ${price}`, `${t.view}: ${link}`, "");
        break;
      }
    }
  }
  text.push(t.brand);
  return {
    subject,
    text: text.join("\n"),
    html: `<!doctype html><html lang="${lang}" dir="${dirFor(lang)}"><body style="font-family:sans-serif;max-width:600px;margin:0 auto;padding:16px">
${html.join("\n")}
<p style="color:#666">${escapeHtml(t.brand)}</p>
</body></html>`,
  };
}
