import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { dirFor, FALLBACK_LANGUAGE, type Language } from "../../shared/domain/language.ts";

/**
 * The shop's one translator (docs/decisions/0018): i18next's JSON v4 texts, keys and calls
 * (`t("ns:a.b", { count, name })`, `_zero/_one/_two/_few/_many/_other` plurals, `{{name}}`),
 * in the few hundred bytes the shop uses instead of i18next + react-i18next's 18 KB gzip,
 * which every first visit paid for.
 */

/** A namespace's texts: nested objects of strings. */
export type Bundle = Record<string, unknown>;
/** Fetches a namespace the translator lacks (the browser: hashed files, i18n/bundles.ts). */
export type BundleLoader = (lang: Language, ns: string) => Promise<Bundle>;

export type TOptions = {
  count?: number;
  /** Shown (interpolated) when no loaded text has the key. */
  defaultValue?: string;
  /** The namespaces to look in, instead of the translator's (`"ns:key"` also names one). */
  ns?: string | readonly string[];
  /** A key that holds an object returns the object instead of the key. */
  returnObjects?: boolean;
  [variable: string]: unknown;
};
export type TFunction = (key: string, options?: TOptions) => string;

export type TranslatorOptions = {
  /** Loads namespaces on demand; without it (server, tests) English fills in missing keys. */
  load?: BundleLoader;
  /** Called for a key no loaded text has (the server: a namespace the route did not declare). */
  onMissing?: (ns: string, key: string) => void;
};

const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(VARIABLE, (match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? match : String(value);
  });
}

export class Translator {
  language: Language;
  private readonly bundles = new Map<string, Bundle>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly waits = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    lang: Language,
    messages: Record<string, Bundle>,
    private readonly options: TranslatorOptions = {},
  ) {
    this.language = lang;
    for (const [ns, bundle] of Object.entries(messages)) this.bundles.set(`${lang}/${ns}`, bundle);
  }

  dir(): "ltr" | "rtl" {
    return dirFor(this.language);
  }

  getResourceBundle(lang: Language, ns: string): Bundle | undefined {
    return this.bundles.get(`${lang}/${ns}`);
  }

  hasResourceBundle(lang: Language, ns: string): boolean {
    return this.bundles.has(`${lang}/${ns}`);
  }

  addResourceBundle(lang: Language, ns: string, bundle: Bundle): void {
    this.bundles.set(`${lang}/${ns}`, bundle);
    this.changed();
  }

  /**
   * Resolves once every namespace is loaded in every language (a failed file is logged and its
   * keys show bare, as a missing text would). Without a loader it resolves at once.
   */
  loadNamespaces(ns: string | readonly string[], langs: readonly Language[] = [this.language]) {
    const wanted = typeof ns === "string" ? [ns] : ns;
    return Promise.all(langs.flatMap((lang) => wanted.map((n) => this.loadOne(lang, n)))).then(
      () => undefined,
    );
  }

  /** A promise to wait on before rendering `namespaces`, or undefined when all are here. */
  pending(namespaces: readonly string[]): Promise<void> | undefined {
    if (!this.options.load) return undefined;
    const missing = namespaces.filter((ns) => !this.hasResourceBundle(this.language, ns));
    if (!missing.length) return undefined;
    // The same promise on every render until it settles, as React's `use` wants.
    const id = `${this.language}/${missing.join("|")}`;
    let wait = this.waits.get(id);
    if (!wait) {
      wait = this.loadNamespaces(missing).finally(() => this.waits.delete(id));
      this.waits.set(id, wait);
    }
    return wait;
  }

  private loadOne(lang: Language, ns: string): Promise<void> {
    const load = this.options.load;
    const id = `${lang}/${ns}`;
    if (!load || this.bundles.has(id)) return Promise.resolve();
    let promise = this.loading.get(id);
    if (!promise) {
      promise = load(lang, ns).then(
        (bundle) => this.addResourceBundle(lang, ns, bundle),
        (error: unknown) => {
          console.warn(`Texts ${id} failed to load`, error);
          this.bundles.set(id, {});
        },
      );
      this.loading.set(id, promise);
    }
    return promise;
  }

  /** Loads what the page shows in `lang`, then switches: the screen changes in one step. */
  async changeLanguage(lang: Language): Promise<void> {
    const shown = [...this.bundles.keys()]
      .filter((id) => id.startsWith(`${this.language}/`))
      .map((id) => id.slice(this.language.length + 1));
    await this.loadNamespaces(shown, [lang]);
    if (lang === this.language) return;
    this.language = lang;
    this.changed();
  }

  /** `t` bound to a language (null: the current one at each call) and namespaces. */
  getFixedT(lang: Language | null, ns: string | readonly string[] = "common"): TFunction {
    const namespaces = typeof ns === "string" ? [ns] : ns;
    return (key, options) => this.translate(lang ?? this.language, namespaces, key, options);
  }

  private translate(
    lang: Language,
    fixed: readonly string[],
    key: string,
    options: TOptions | undefined,
  ): string {
    let namespaces = options?.ns === undefined ? fixed : [options.ns].flat();
    let path = key;
    const colon = key.indexOf(":");
    if (colon > 0) {
      namespaces = [key.slice(0, colon)];
      path = key.slice(colon + 1);
    }
    // With a loader the files already carry English where Arabic is empty (i18n/fill.ts).
    const langs =
      this.options.load || lang === FALLBACK_LANGUAGE ? [lang] : [lang, FALLBACK_LANGUAGE];
    const count = options?.count;
    for (const ns of namespaces) {
      for (const code of langs) {
        const bundle = this.bundles.get(`${code}/${ns}`);
        if (!bundle) continue;
        const value =
          typeof count === "number"
            ? ((count === 0 ? lookup(bundle, `${path}_zero`) : undefined) ??
              lookup(bundle, `${path}_${pluralCategory(code, count)}`) ??
              lookup(bundle, `${path}_other`) ??
              lookup(bundle, path))
            : lookup(bundle, path);
        if (typeof value === "string") return interpolate(value, options);
        if (value && typeof value === "object" && options?.returnObjects) return value as never;
      }
    }
    if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    this.options.onMissing?.(namespaces[0] ?? "common", path);
    return path;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * `t` for the component's namespaces (the first is searched first; `common` by default) and
 * the translator. A namespace not loaded yet suspends the component until its file arrives,
 * so a client navigation or a language switch never shows keys; a language switch re-renders.
 */
export function useTranslation(ns: string | readonly string[] = "common") {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider above it");
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  const namespaces = typeof ns === "string" ? [ns] : ns;
  const pending = i18n.pending(namespaces);
  // Suspense's contract for libraries (react-i18next does the same); `use()` would have to be
  // called on every render, with a promise React already knows.
  if (pending) throw pending;
  const id = namespaces.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` when the language or a text changes (version) or the namespaces do (id)
  const t = useMemo(() => i18n.getFixedT(null, namespaces), [i18n, version, id]);
  return { t, i18n };
}
