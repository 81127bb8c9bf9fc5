// The faces a page's own letters use, preloaded so text paints once, in Cairo (docs/decisions/0017).
import arabic400 from "@fontsource/cairo/files/cairo-arabic-400-normal.woff2?url";
import arabic700 from "@fontsource/cairo/files/cairo-arabic-700-normal.woff2?url";
import latin400 from "@fontsource/cairo/files/cairo-latin-400-normal.woff2?url";
import latin700 from "@fontsource/cairo/files/cairo-latin-700-normal.woff2?url";
import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { displayCurrencies } from "../shared/domain/currency-codes.ts";
import { dirFor, type Language } from "../shared/domain/language.ts";
import { languageOfPath, localizePath } from "../shared/domain/language-path.ts";
import type { Route } from "./+types/root";
// The stylesheet (fonts' @font-face included) as a URL, rendered below with `precedence`: React
// then writes it at the top of <head>, before the ~30 module preloads (docs/decisions/0017).
import stylesheet from "./app.css?url";
import { afterHydration, useMarkPageHydrated } from "./components/ui/hydrate-later.tsx";
import { browserI18n, setBrowserI18n } from "./i18n/browser-instance.ts";
import { loadBundle } from "./i18n/bundles.ts";
import { createI18n } from "./i18n/config.ts";
import { detectLanguage } from "./i18n/detect-language.ts";
import { messagesFor } from "./i18n/messages.server.ts";
import { applyDocumentLanguage, switchLanguage } from "./i18n/switch-language.ts";
import { I18nProvider, type Translator, useTranslation } from "./i18n/translator.tsx";

/** Texts every page renders (the error screen, skip link): see "Texts per route" in docs/conventions.md. */
export const handle = { i18n: ["common"] as const };

export async function loader({ context, request }: Route.LoaderArgs) {
  const [settings, season] = await Promise.all([
    context.services.settings.get(),
    // The storefront's banner while a season is open for orders (both languages, so a
    // language switch in the browser needs no new data).
    context.services.seasons.banner(),
  ]);
  // The address's language first (/ar/...), then the server's detection (docs/decisions/0028).
  const lang = languageOfPath(new URL(request.url).pathname) ?? context.lang;
  return {
    lang,
    // Only the namespaces the matched routes declare, in this language only (Arabic already
    // filled with English where an entry is empty): the browser fetches others when needed.
    messages: messagesFor(lang, context.namespaces),
    nonce: context.nonce,
    publicUrl: context.publicUrl,
    googleSignIn: context.googleSignIn,
    shop: {
      phones: settings.phones,
      emails: settings.emails,
      messagingNumber: settings.messagingNumber,
      social: settings.social,
    },
    // Display currencies: the shopper's code (the server's normalised cookie) and
    // the owner's list resolved for formatting, USD left out (the browser knows it): a USD
    // shop's pages carry only `"currency":"USD","currencies":[]`.
    currency: context.currency,
    currencies: displayCurrencies(settings.currencies).slice(1),
    season,
  };
}
export type RootData = Awaited<ReturnType<typeof loader>>;

// The texts and settings only change on a full reload or an explicit language switch.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) =>
  formMethod !== undefined && formMethod !== "GET";

const warned = new Set<string>();

/**
 * The server renders a route's key from a namespace no matched route declares as the bare key
 * (and the browser would then fetch it and mismatch): in development (and the route test) that
 * is an error naming the fix; in production a warning once per namespace.
 */
function undeclared(ns: string, key: string): void {
  const message = `Text "${ns}:${key}" is rendered but no matched route declares "${ns}" in handle.i18n (docs/conventions.md, "Texts per route")`;
  if (import.meta.env.DEV) throw new Error(message);
  if (!warned.has(ns)) {
    warned.add(ns);
    console.warn(message);
  }
}

function useI18nInstance(data: RootData | undefined): Translator {
  const ref = useRef<Translator | null>(null);
  if (!ref.current) {
    const lang: Language = data?.lang ?? "en";
    const messages = data?.messages ?? {};
    if (typeof document === "undefined") {
      ref.current = createI18n(lang, messages, {
        onMissing: (ns, key) => {
          if (!(ns in messages)) undeclared(ns, key);
        },
      });
    } else {
      // One per visit, outside React: a render that suspends during hydration (a namespace
      // still loading) is thrown away with its refs, and must find the same translator again.
      ref.current = browserI18n() ?? createI18n(lang, messages, { load: loadBundle });
      setBrowserI18n(ref.current);
    }
  }
  return ref.current;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const i18n = useI18nInstance(data);
  const lang = data?.lang ?? "en";
  const nonce = data?.nonce;

  useEffect(() => {
    // An address under /ar is Arabic whatever the visitor's browser or storage says: a shared
    // Arabic link opens in Arabic (docs/decisions/0028). The choice is not remembered either;
    // only the toggle changes it.
    if (languageOfPath(window.location.pathname)) return;
    // Client-side language detection runs after hydration, so the first paint always matches the
    // server; in the first idle moment, as reading and writing the cookie and storage cost the
    // hydration's last task about 4 ms, 45 on a phone ten times slower.
    // Switching to the same language still caches the choice in storage and the cookie.
    afterHydration(() => {
      const detected = detectLanguage();
      if (detected) void switchLanguage(i18n, detected);
    });
  }, [i18n]);

  return (
    <html lang={lang} dir={dirFor(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a4b1e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Installable in each language: names, direction and start page (docs/decisions/0028). */}
        <link rel="manifest" href={`/manifest.${lang}.webmanifest`} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <Meta />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Every face the first screen draws, so they arrive together and the page is laid out
            once in them: Arabic pages show Latin digits, e-mails and names too. */}
        {(lang === "ar" ? [arabic400, arabic700, latin400, latin700] : [latin400, latin700]).map(
          (font) => (
            <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="" />
          ),
        )}
        <Links />
      </head>
      <body className="min-h-dvh bg-cream text-ink antialiased">
        <I18nProvider i18n={i18n}>{children}</I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useMarkPageHydrated();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  useEffect(() => {
    // Only the toggle moves between languages, by loading the page; should a link written in
    // a text lead to an /ar address in the app, that page still shows in Arabic.
    if (languageOfPath(pathname) === "ar" && i18n.language !== "ar")
      void i18n.changeLanguage("ar").then(() => applyDocumentLanguage("ar"));
  }, [pathname, i18n]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">
        {notFound ? t("errors.notFoundTitle") : t("errors.title")}
      </h1>
      <p className="mt-4">{notFound ? t("errors.notFound") : t("errors.generic")}</p>
      <a
        className="mt-6 inline-block underline"
        href={localizePath(i18n.language === "ar" ? "ar" : "en", "/")}
      >
        {t("nav.home")}
      </a>
    </main>
  );
}
