import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { SITEMAP_PATHS } from "../../../web/lib/menus.ts";
import { publicOrigin } from "../../public-origin.ts";

/** Public pages worth indexing: the storefront menus' pages (one list, in web/lib/menus.ts). */
export const SITEMAP_PAGES = SITEMAP_PATHS;

/** Private or transactional paths crawlers should skip. */
export const ROBOTS_DISALLOW = [
  "/admin-",
  "/account",
  "/security",
  "/orders",
  "/cart",
  "/checkout",
  "/api/",
] as const;

const xmlEscape = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

/**
 * Absolute URLs need the shop's public address: PUBLIC_URL when set (behind a proxy),
 * otherwise the host the request came to.
 */
function baseUrl(request: FastifyRequest, _publicUrl: string | undefined): string {
  return publicOrigin(request);
}

/** /sitemap.xml and /robots.txt, outside the /api prefix. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get("/sitemap.xml", async (request, reply) => {
    const base = baseUrl(request, app.config.publicUrl);
    const products = await app.services.catalog.activeProductIds();
    const entries = [
      ...SITEMAP_PAGES.map((page) => `  <url><loc>${xmlEscape(base + page)}</loc></url>`),
      ...products.map(
        ({ id, updatedAt }) =>
          `  <url><loc>${xmlEscape(`${base}/product/${id}`)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(body);
  });

  app.get("/robots.txt", async (request, reply) => {
    const base = baseUrl(request, app.config.publicUrl);
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${base}/sitemap.xml`,
      "",
    ];
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=86400")
      .send(lines.join("\n"));
  });
};
