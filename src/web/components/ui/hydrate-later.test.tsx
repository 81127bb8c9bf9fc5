import { act, type ComponentType, useState } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createI18n } from "../../i18n/config.ts";
import { I18nProvider, type Translator } from "../../i18n/translator.tsx";
import { DisplayCurrencyProvider, useDisplayCurrency } from "./display-currency.tsx";
import { codeLater, HydrateLater, setPageHydrating } from "./hydrate-later.tsx";

// React's act() without testing-library (which sets this itself): hydration is the subject
// here. Set for each test and put back after, as other files in this worker expect it.
const actFlag = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let previousActFlag: boolean | undefined;

// The browser's IntersectionObserver, driven by the test: `comeNear()` is the visitor scrolling.
const observed = new Set<{ element: Element; callback: IntersectionObserverCallback }>();
class TestIntersectionObserver {
  private readonly entries: { element: Element; callback: IntersectionObserverCallback }[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    const entry = { element, callback: this.callback };
    this.entries.push(entry);
    observed.add(entry);
  }
  unobserve(element: Element) {
    for (const entry of this.entries) if (entry.element === element) observed.delete(entry);
  }
}
function comeNear(element: Element) {
  for (const entry of [...observed])
    if (entry.element === element)
      entry.callback(
        [{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
}

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  const { currency } = useDisplayCurrency();
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count} {currency.code}
    </button>
  );
}

let i18n: Translator;

function Page({ Section = Counter }: { Section?: ComponentType<{ label: string }> }) {
  return (
    <I18nProvider i18n={i18n}>
      <DisplayCurrencyProvider code="USD" listed={[{ code: "EUR", rate: 0.9 } as never]}>
        <Header />
        <HydrateLater as="section" data-testid="later">
          <Section label="later" />
        </HydrateLater>
      </DisplayCurrencyProvider>
    </I18nProvider>
  );
}

function Header() {
  const { choose } = useDisplayCurrency();
  return (
    <button type="button" onClick={() => choose("EUR")}>
      euros
    </button>
  );
}

const isHydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactProps"));

let container: HTMLElement;
let root: Root | null = null;
const original = globalThis.IntersectionObserver;

beforeEach(() => {
  previousActFlag = actFlag.IS_REACT_ACT_ENVIRONMENT;
  actFlag.IS_REACT_ACT_ENVIRONMENT = true;
  globalThis.IntersectionObserver = TestIntersectionObserver as never;
  i18n = createI18n("en", { common: {} });
  // The server's HTML, as the browser receives it; then the browser entry's mark.
  const html = renderToString(<Page />);
  setPageHydrating(true);
  container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  observed.clear();
  globalThis.IntersectionObserver = original;
  setPageHydrating(false);
  actFlag.IS_REACT_ACT_ENVIRONMENT = previousActFlag;
});

async function hydrate(page = <Page />) {
  await act(async () => {
    root = hydrateRoot(container, page);
  });
}

const section = () => container.querySelector("[data-testid=later]")!;
const laterButton = () => section().querySelector("button")!;
const headerButton = () => container.querySelector("button")!;

describe("HydrateLater", () => {
  it("keeps the server's HTML unhydrated until the section comes near, then hydrates it in place", async () => {
    const serverButton = laterButton();
    await hydrate();
    expect(isHydrated(headerButton())).toBe(true);
    expect(isHydrated(laterButton())).toBe(false);
    expect(laterButton().textContent).toBe("later 0 USD");

    await act(async () => comeNear(section()));
    expect(laterButton()).toBe(serverButton); // hydrated, not rendered again
    expect(isHydrated(laterButton())).toBe(true);
    await act(async () => laterButton().click());
    expect(laterButton().textContent).toBe("later 1 USD");
  });

  it("hydrates at the first press inside it and hands it the click: nothing is lost", async () => {
    await hydrate();
    expect(isHydrated(laterButton())).toBe(false);
    await act(async () => {
      laterButton().dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      laterButton().click();
    });
    expect(laterButton().textContent).toBe("later 1 USD");
  });

  it("holds a press until the section's code has come and it has hydrated, then hands it over once", async () => {
    // The server rendered the section itself (beforeEach); the browser has only its loader.
    let arrive = (_module: { Counter: typeof Counter }) => {};
    let loads = 0;
    const LaterCounter = codeLater(() => {
      loads += 1;
      return new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = resolve));
    }, "Counter");
    await hydrate(<Page Section={LaterCounter} />);
    expect(loads).toBe(0); // not while the page hydrates
    const serverButton = laterButton();
    await act(async () => {
      laterButton().dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
      laterButton().click();
    });
    // The gate opened and asked for the code; until it comes, the server's HTML stays.
    expect(loads).toBe(1);
    expect(isHydrated(laterButton())).toBe(false);
    expect(laterButton().textContent).toBe("later 0 USD");

    await act(async () => arrive({ Counter }));
    expect(laterButton()).toBe(serverButton);
    expect(laterButton().textContent).toBe("later 1 USD");
  });

  it("keeps the server's HTML, still working as HTML, when the section's code cannot be fetched", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const Unreachable = codeLater(
      () => Promise.reject(new Error("offline")) as Promise<{ Counter: typeof Counter }>,
      "Counter",
    );
    await hydrate(<Page Section={Unreachable} />);
    await act(async () => comeNear(section()));
    expect(laterButton().textContent).toBe("later 0 USD");
    expect(isHydrated(laterButton())).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("opens when something above changes what it shows, never blanking it", async () => {
    await hydrate();
    expect(isHydrated(laterButton())).toBe(false);
    await act(async () => headerButton().click());
    expect(laterButton().textContent).toBe("later 0 EUR");
    expect(isHydrated(laterButton())).toBe(true);
  });

  it("opens when the language changes after hydration, never blanking it", async () => {
    await hydrate();
    expect(isHydrated(laterButton())).toBe(false);
    await act(async () => i18n.changeLanguage("ar"));
    expect(laterButton().textContent).toBe("later 0 USD");
    expect(isHydrated(laterButton())).toBe(true);
  });

  it("renders at once when it mounts after the page has hydrated (a client navigation)", async () => {
    setPageHydrating(false);
    container.innerHTML = "";
    await act(async () => {
      root = createRoot(container);
      root.render(<Page />);
    });
    // Nothing to hydrate here: the section rendered on the client straight away.
    expect(laterButton().textContent).toBe("later 0 USD");
    expect(observed.size).toBe(0);
  });
});
