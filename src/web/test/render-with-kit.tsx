import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Language } from "../../shared/domain/language.ts";
import { ToastProvider } from "../components/ui/toast.tsx";
import { createI18n } from "../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../i18n/messages.server.ts";
import { I18nProvider } from "../i18n/translator.tsx";

/**
 * Renders back office UI as the admin layout provides it: the real texts in `lang`, a fresh
 * query client (no retries, so a failure shows at once), toasts, and a router.
 */
export function renderWithKit(ui: React.ReactElement, { lang = "en" }: { lang?: Language } = {}) {
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en")
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return {
    client,
    ...render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <ToastProvider>
            <MemoryRouter>{ui}</MemoryRouter>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>,
    ),
  };
}
