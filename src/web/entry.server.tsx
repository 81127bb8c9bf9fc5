import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  ServerRouter,
} from "react-router";
import { isDatabaseUnavailable } from "../shared/domain/database-faults.ts";
import { codeLoaded } from "./components/ui/hydrate-later.tsx";

export const streamTimeout = 5_000;

// The SSR plugin asks the build for a page's i18n namespaces (it imports no web module).
export { namespacesFor } from "./i18n/route-namespaces.ts";

/**
 * A loader's error. The database being unreachable for a moment is not a bug: the page is
 * answered 503 (plugins/web.ts reads the flag) and logged there, once. Anything else is
 * logged as React Router does by default.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    context.databaseUnavailable = true;
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, lang } = loadContext;
  responseHeaders.set("Content-Language", lang);
  responseHeaders.set("Vary", "Cookie, Accept-Language");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // Sections whose code the browser fetches later are rendered in place: their
  // modules, loaded as the server starts, are there before the first page.
  await codeLoaded();
  // Crawlers get the whole page at once; people get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // Every boundary in place, in document order: React would otherwise send a large one
        // (a deferred section, ADR 0032) after the rest and show it by script, later and with
        // a layout shift, or never without scripts.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const shell = shellShaper();
          shell.pipe(body);
          pipe(shell);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** Where React Router's inline bootstrap starts: it imports the route modules, then the entry. */
const BOOTSTRAP = 'type="module" async="">';
const SCRIPT_END = "</script>";

/**
 * Shapes the shell as it streams, so a phone paints the page before any script runs
 * (docs/decisions/0017, 0020). The bytes are held until the end of React Router's bootstrap
 * script, which is part of the shell React writes at once (one chunk in practice), then
 * rewritten (`shapeShell`) and everything after streams on untouched.
 */
export function shellShaper(): Transform {
  let held = Buffer.alloc(0);
  let done = false;
  const shaped = (bytes: Buffer) => Buffer.from(shapeShell(bytes.toString("utf8")), "utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      // Searched as bytes: both markers are ASCII, so the text before "</script>" is whole UTF-8.
      const start = held.indexOf(BOOTSTRAP);
      const end = start === -1 ? -1 : held.indexOf(SCRIPT_END, start);
      if (end === -1) return callback();
      done = true;
      callback(null, Buffer.concat([shaped(held.subarray(0, end)), held.subarray(end)]));
    },
    flush(callback) {
      callback(null, done || held.length === 0 ? null : shaped(held));
    },
  });
}

/**
 * Two rewrites of React Router's output, plain text matching on our own SSR (not an HTML
 * parser); if React Router changes its markup, they find nothing and the page works as before
 * (a test reads the built pages).
 *
 * - The ~30 module preloads leave <head>: the bootstrap asks for them after the first frame,
 *   at low priority, so a phone on a slow link spends it on the stylesheet, the fonts and the
 *   largest image and paints before any script is fetched, evaluated or hydrating, even when
 *   the scripts are cached (docs/decisions/0017, 0020). One per task: while the page still
 *   loads, adding a preload costs a slow phone a few milliseconds, and thirty in one task made
 *   its longest task (25-107 ms unthrottled on a slow 2-core machine). They still flatten the
 *   import waterfall: all are asked for within a few frames.
 * - The bootstrap's static imports of the route modules become dynamic imports after that
 *   frame, started before the preloads. A hidden tab does not wait for frames it will not
 *   draw.
 */
export function shapeShell(html: string): string {
  const headEnd = html.indexOf("</head>");
  const preloads: string[] = [];
  const head = html
    .slice(0, Math.max(0, headEnd))
    .replace(/<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
  const rest = html.slice(Math.max(0, headEnd));
  const start = rest.indexOf(BOOTSTRAP);
  if (start === -1) return html;
  const bodyStart = start + BOOTSTRAP.length;
  return head + rest.slice(0, bodyStart) + afterFirstPaint(rest.slice(bodyStart), preloads);
}

const ROUTE_IMPORT = /import \* as (\w+) from ("[^"]+");\n?/g;

function afterFirstPaint(bootstrap: string, preloads: string[]): string {
  const imports = [...bootstrap.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0) return bootstrap;
  const names = imports.map(([, name]) => name).join(", ");
  const loads = imports.map(([, , url]) => `import(${url})`).join(", ");
  return (
    'await new Promise((go) => document.visibilityState === "hidden" ? go() : requestAnimationFrame(() => setTimeout(go)));' +
    `const routes = Promise.all([${loads}]);` +
    `(async () => { for (const href of ${JSON.stringify(preloads)}) { if (document.visibilityState !== "hidden") await new Promise((go) => setTimeout(go)); document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", fetchPriority: "low", href })); } })();` +
    `const [${names}] = await routes;` +
    bootstrap.replace(ROUTE_IMPORT, "")
  );
}
