import { PassThrough, Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";

export const streamTimeout = 5_000;

export default function handleRequest(
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
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const head = lowPriorityModulePreloads();
          head.pipe(body);
          pipe(head);
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

/**
 * The ~30 module preloads React Router writes into <head> are asked for at low priority, so a
 * phone on a slow link fetches the stylesheet, the fonts and the largest image first and
 * paints before the scripts arrive; hydration follows them (docs/decisions/0017). They lose
 * their nonce: `script-src 'self'` allows them, and every nonce in a page splits what the
 * page cache compresses (html-cache.ts). Only the head is rewritten: it is held until
 * `</head>` (one chunk in practice), the body streams on.
 */
export function lowPriorityModulePreloads(): Transform {
  let held = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      // Searched as bytes: "</head>" is ASCII, so the text before it is whole UTF-8.
      const end = held.indexOf("</head>");
      if (end === -1) return callback();
      done = true;
      const head = held
        .subarray(0, end)
        .toString("utf8")
        .replace(/(<link rel="modulepreload"[^>]*?) nonce="[^"]*"/g, "$1")
        .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchPriority="low"');
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), held.subarray(end)]));
    },
    flush(callback) {
      callback(null, done || held.length === 0 ? null : held);
    },
  });
}
