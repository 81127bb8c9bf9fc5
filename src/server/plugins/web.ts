import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createRequestHandler, type RequestHandler, type ServerBuild } from "react-router";
import { businessDate } from "../../shared/domain/business-time.ts";
import {
  CURRENCY_COOKIE,
  pickCurrencyCode,
  RECORD_CURRENCY,
} from "../../shared/domain/currency.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../../shared/domain/database-faults.ts";
import { pickServerLanguage } from "../../shared/domain/language.ts";
import { languageOfPath } from "../../shared/domain/language-path.ts";
import type { StockSeen } from "../cache/content-cache.ts";
import { publicOrigin } from "../public-origin.ts";
import type { WebLoadContext } from "../web-context.ts";
import {
  bytesFor,
  type CachedPage,
  cacheableRequest,
  createHtmlCache,
  pageKey,
  pageUrl,
  pickEncoding,
  toCachedPage,
} from "./html-cache.ts";
import { createRenderGate } from "./render-gate.ts";

export type WebMode = "production" | "dev" | "none";

declare module "fastify" {
  interface FastifyInstance {
    /** Anonymous pages rendered once per (build, URL, language, content version): ADR 0008. */
    htmlCache: ReturnType<typeof createHtmlCache>;
  }
}

const BUILD_DIR = path.resolve("build");
const SERVER_BUILD = path.join(BUILD_DIR, "server", "index.js");
/** Paths the SSR catch-all never answers: a missing asset or API route is a fast JSON 404. */
const NOT_PAGES = /^\/(api|storage|assets)(\/|$)/;
/** Longest a streamed (uncached) page keeps its render turn: see createRenderGate. */
const STREAMED_TURN_MS = 1_000;

/**
 * The i18n namespaces a page needs (its routes' `handle.i18n`), asked of the web's
 * entry.server module through the build, so the server imports no web module itself.
 */
type WebEntry = {
  namespacesFor(routes: ServerBuild["routes"], pathname: string): readonly string[];
};
const namespacesOf = (build: ServerBuild, pathname: string) =>
  (build.entry.module as unknown as WebEntry).namespacesFor(build.routes, pathname);

export const webPlugin = fp(
  async (app: FastifyInstance, opts: { mode: WebMode }) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

    // Uploads: content-checked and re-encoded when stored, so they are safe to serve as files.
    fs.mkdirSync(app.config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: app.config.uploadsDir,
      prefix: "/storage/",
      decorateReply: false,
      maxAge: "7d",
      index: false,
    });

    if (opts.mode === "none") return;

    let getBuild: () => Promise<ServerBuild>;
    // What React Router renders from: the build itself in production, or a function that it
    // calls per request (and then re-derives its route table: ~1.5 ms a page) in development.
    let renderFrom: ServerBuild | (() => Promise<ServerBuild>);
    if (opts.mode === "production") {
      if (!fs.existsSync(SERVER_BUILD)) {
        throw new Error(
          "No client build found: run `npm run build` (npm start does this for you).",
        );
      }
      const client = path.join(BUILD_DIR, "client");
      // Hashed file names never change content: cache them for a year, serve the .br/.gz twins.
      await app.register(fastifyStatic, {
        root: path.join(client, "assets"),
        prefix: "/assets/",
        decorateReply: false,
        preCompressed: true,
        immutable: true,
        maxAge: "365d",
        index: false,
      });
      await app.register(fastifyStatic, {
        root: client,
        prefix: "/",
        decorateReply: false,
        wildcard: false,
        // wildcard:false registers one route per file found; routes for assets/* would shadow
        // the immutable /assets/ handler above (and allowedPath would turn them into 404s).
        globIgnore: ["assets/**", "**/*.br", "**/*.gz"],
        preCompressed: true,
        maxAge: "1d",
        index: false,
        allowedPath: (pathname) => !pathname.startsWith("/assets/") && pathname !== "/",
      });
      const build = (await import(SERVER_BUILD)) as ServerBuild;
      getBuild = async () => build;
      renderFrom = build;
    } else {
      const { createServer } = await import("vite");
      const middie = (await import("@fastify/middie")).default;
      const vite = await createServer({
        server: { middlewareMode: true, hmr: { server: app.server } },
        appType: "custom",
      });
      await app.register(middie);
      app.use(vite.middlewares);
      app.addHook("onClose", () => vite.close());
      // Loaded per request so edits show up without a restart.
      getBuild = async () =>
        (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      renderFrom = getBuild;
    }
    const htmlCache = createHtmlCache();
    // HTML_CACHE=off renders every page (bench:throughput's before/after, or to rule it out).
    const htmlCacheOn = process.env.HTML_CACHE !== "off";
    app.decorate("htmlCache", htmlCache);
    // A development build changes with the sources: pages of an older one are never served.
    const buildIds = new WeakMap<ServerBuild, number>();
    let builds = 0;
    const buildId = (build: ServerBuild) => {
      let id = buildIds.get(build);
      if (id === undefined) buildIds.set(build, (id = ++builds));
      return id;
    };
    // Renders wait their turn beyond one per core, so /healthz, the API and cached pages are
    // answered between renders instead of after every render in progress.
    const renders = createRenderGate();
    const handler: RequestHandler = createRequestHandler(
      renderFrom,
      opts.mode === "production" ? "production" : "development",
    );

    await app.register(async (pages) => {
      // React Router actions read the raw body themselves.
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
      pages.route({
        method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        url: "*",
        handler: async (request, reply) => {
          if (NOT_PAGES.test(request.url)) return reply.callNotFound();
          // An address under /ar is Arabic; one with no prefix goes by the cookie, then the
          // browser (docs/decisions/0003, 0028).
          const lang =
            languageOfPath(request.url.split("?")[0] ?? "/") ??
            pickServerLanguage(request.cookies.lang, request.headers["accept-language"]);
          // A listed display currency or USD; no settings read for a USD shopper.
          const asked = request.cookies[CURRENCY_COOKIE];
          const currency =
            asked && asked !== RECORD_CURRENCY
              ? pickCurrencyCode(asked, (await app.services.settings.get()).currencies)
              : RECORD_CURRENCY;
          const build = await getBuild();
          const pathname = request.url.split("?")[0] ?? "/";
          // Absolute links come from PUBLIC_URL or a checked request origin.
          const origin = publicOrigin(request);
          const cacheable = htmlCacheOn && cacheableRequest(request);
          // A cached page is rendered from (and keyed by) its URL without what does not change
          // it (tracking tags, unknown names): they never reach a page others are served.
          const url = cacheable ? pageUrl(request.url) : request.url;
          // Read before rendering: a page is filed under the version its loaders saw or older.
          const slot = cacheable
            ? htmlCache.slot(
                pageKey({ build: buildId(build), origin, lang, currency, url }),
                pathname,
                // And the business day: a season's banner comes and goes with the date alone.
                `${await app.services.contentVersion()}|${businessDate(new Date())}`,
              )
            : null;
          const cached = slot?.cached && (await slot.cached.page.catch(() => null));
          // A page showing a product whose stock moved since (an order) is rendered again.
          if (cached && (await app.services.cache.stockUnchanged(slot!.cached!.stock))) {
            slot!.hit();
            return sendCachedPage(request, reply, cached, "hit");
          }
          const context: WebLoadContext = {
            services: app.services,
            lang,
            currency,
            namespaces: namespacesOf(build, request.url.split("?")[0] ?? "/"),
            nonce: request.cspNonce,
            googleSignIn: Boolean(app.config.googleClientId),
            passwordReset: Boolean(app.config.smtpUrl),
            publicUrl: origin,
          };
          const webRequest = toWebRequest(request, reply, origin + url);
          const done = await renders.acquire();
          let response: Response;
          let stock: StockSeen | undefined;
          try {
            // A cacheable page notes the stock versions its loaders read.
            if (slot)
              // Pages show whether a product is in stock, never how much (the product page's
              // loader leaves the amount out), so only a product selling out or coming back
              // renders them again.
              ({ value: response, stock } = await app.services.cache.collect(
                () => handler(webRequest, context),
                { availabilityOnly: true },
              ));
            else response = await handler(webRequest, context);
          } catch (error) {
            done();
            throw error;
          }
          if (context.databaseUnavailable) {
            const html = await response.text().finally(done);
            request.log.warn("database unavailable while rendering: answered 503");
            return reply
              .status(503)
              .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
              .header("cache-control", "no-store")
              .type("text/html; charset=utf-8")
              .send(html);
          }
          if (slot) {
            const page = toCachedPage(response, request.cspNonce);
            slot.fill(page, stock!);
            // The page is rendered to its end once toCachedPage has read it.
            const filled = await page.finally(done);
            if (filled) return sendCachedPage(request, reply, filled, "miss");
          }
          // A streamed page renders while it is sent: the turn ends with the response, or after
          // a second (a slow reader holds the stream back, not the CPU).
          if (webRequest.signal.aborted) done();
          else {
            const timer = setTimeout(done, STREAMED_TURN_MS);
            reply.raw.once("close", () => {
              clearTimeout(timer);
              done();
            });
          }
          return sendWebResponse(reply, response);
        },
      });
    });
  },
  { name: "web", dependencies: ["services"] },
);

function toWebRequest(request: FastifyRequest, reply: FastifyReply, href: string): Request {
  const url = new URL(href);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * A cached page with this response's own nonce (the CSP header's) in place of the filling
 * request's, gzip-compressed at fill time when the browser takes it.
 */
function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: "hit" | "miss",
) {
  reply.status(200);
  for (const [key, value] of page.headers) reply.header(key, value);
  reply.header("vary", "Cookie, Accept-Language, Accept-Encoding");
  reply.header("x-html-cache", state);
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  if (encoding) reply.header("content-encoding", encoding);
  return reply.send(bytesFor(page, request.cspNonce, encoding));
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== "set-cookie") reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}
