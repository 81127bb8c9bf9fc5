import "@fontsource/cairo/arabic-400.css";
import "@fontsource/cairo/arabic-700.css";
import "@fontsource/cairo/latin-400.css";
import "@fontsource/cairo/latin-700.css";
import "./app.css";
import type { i18n } from "i18next";
import { useEffect, useRef } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { dirFor, type Language } from "../shared/domain/language.ts";
import type { Route } from "./+types/root";
import { createI18n } from "./i18n/config.ts";
import { detectLanguage } from "./i18n/detect-language.ts";
import { fallbackMessages, messagesFor } from "./i18n/messages.server.ts";
import { switchLanguage } from "./i18n/switch-language.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await context.services.settings.get();
  const lang = context.lang;
  return {
    lang,
    messages: messagesFor(lang),
    // Arabic screens fall back to English texts where an Arabic entry is empty.
    fallback: lang === "en" ? null : fallbackMessages(),
    nonce: context.nonce,
    publicUrl: context.publicUrl,
    googleSignIn: context.googleSignIn,
    shop: {
      phones: settings.phones,
      emails: settings.emails,
      messagingNumber: settings.messagingNumber,
      social: settings.social,
    },
  };
}
export type RootData = Awaited<ReturnType<typeof loader>>;

// The texts and settings only change on a full reload or an explicit language switch.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod }) =>
  formMethod !== undefined && formMethod !== "GET";

function useI18nInstance(data: RootData | undefined): i18n {
  const ref = useRef<i18n | null>(null);
  if (!ref.current) {
    const lang: Language = data?.lang ?? "en";
    const instance = createI18n(lang, data?.messages ?? {});
    if (data?.fallback) {
      for (const [ns, bundle] of Object.entries(data.fallback))
        instance.addResourceBundle("en", ns, bundle);
    }
    ref.current = instance;
  }
  return ref.current;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const i18n = useI18nInstance(data);
  const lang = data?.lang ?? "en";
  const nonce = data?.nonce;

  useEffect(() => {
    // SPEC 1's client detection runs after hydration, so the first paint always matches the server.
    // Switching to the same language still caches the choice in storage and the cookie.
    const detected = detectLanguage();
    if (detected) void switchLanguage(i18n, detected);
  }, [i18n]);

  return (
    <html lang={lang} dir={dirFor(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a4b1e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-cream text-ink antialiased">
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">
        {notFound ? t("errors.notFoundTitle") : t("errors.title")}
      </h1>
      <p className="mt-4">{notFound ? t("errors.notFound") : t("errors.generic")}</p>
      <a className="mt-6 inline-block underline" href="/">
        {t("nav.home")}
      </a>
    </main>
  );
}
