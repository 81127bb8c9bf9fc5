import {
  type ComponentPropsWithoutRef,
  type ComponentType,
  type ElementType,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { useDisplayCurrency } from "./display-currency.tsx";

/**
 * Server HTML that the browser hydrates only when it comes near the viewport, or at once when
 * something needs it (docs/decisions/0032). Until then it is the server's markup: links are
 * anchors, text is text; React spends nothing on it.
 *
 * How: the children sit in a Suspense boundary that suspends on a promise (a "gate") while the
 * page hydrates, so React leaves the boundary's server HTML in place. The gate opens when:
 * - the section comes within a quarter screen of the viewport (an IntersectionObserver);
 * - the visitor points at, presses, types in or focuses it: a listener on `window`, which hears the
 *   event before React does, opens it, and React's selective hydration then hydrates the part
 *   and hands it the event; a click is held and given again once the section has hydrated, as
 *   React would drop it while the section's code (codeLater) is still coming: nothing is lost;
 * - what it shows changes (a navigation or a form sent, a new display currency, the language):
 *   React would otherwise replace the server HTML with the empty fallback.
 * A section that mounts after the page has hydrated (a client navigation) renders at once.
 */
export function HydrateLater<T extends ElementType = "div">({
  as,
  children,
  ...props
}: { as?: T; children: ReactNode } & Omit<ComponentPropsWithoutRef<T>, "as" | "children">) {
  const Tag: ElementType = as ?? "div";
  const [gate] = useState(newGate);
  // What changes above every storefront section after hydration: the router's state (a
  // navigation, a revalidation, a form sent) and the display currency. Any change reaches the
  // boundary, and React must then hydrate it: the gate opens. The router also publishes routes
  // it discovers (the same state, copied); that changes nothing the section shows.
  // And the language, should the visitor's stored choice switch it after hydration (root.tsx):
  // every text changes. (Its parent rendering it again for anything else is left alone: React
  // Router re-renders the page in a transition when it discovers routes, and that can wait.)
  const router = useContext(UNSAFE_DataRouterStateContext);
  const currency = useDisplayCurrency();
  const { language } = useTranslation().i18n;
  const first = useRef({ router, currency, language });
  if (
    language !== first.current.language ||
    currency !== first.current.currency ||
    routerChanged(first.current.router, router)
  )
    gate.release();

  const watch = useCallback(
    (element: Element | null) => {
      if (!element || gate.open) return;
      wait(element, gate);
      gate.onHydrated = () => {
        stopWaiting(element);
        // A press held while the section was server HTML is pressed again, now that React
        // handles it.
        const held = gate.held;
        gate.held = null;
        if (held?.isConnected) held.click();
      };
      return () => stopWaiting(element);
    },
    [gate],
  );
  return (
    <Tag ref={watch} {...props}>
      <Suspense fallback={null}>
        <Gate gate={gate}>
          {children}
          <Hydrated gate={gate} />
        </Gate>
      </Suspense>
    </Tag>
  );
}

type RouterState = React.ContextType<typeof UNSAFE_DataRouterStateContext>;

function routerChanged(before: RouterState, now: RouterState): boolean {
  if (before === now || !before || !now) return before !== now;
  return (
    before.location !== now.location ||
    before.navigation !== now.navigation ||
    before.loaderData !== now.loaderData ||
    before.actionData !== now.actionData ||
    before.errors !== now.errors ||
    before.fetchers !== now.fetchers ||
    before.revalidation !== now.revalidation
  );
}

type HydrationGate = {
  open: boolean;
  promise: Promise<void>;
  release(): void;
  /** Called once React has hydrated the section (its effects run). */
  onHydrated?: () => void;
  /** The element a press landed on before the section was hydrated. */
  held: HTMLElement | null;
};

function newGate(): HydrationGate {
  let resolve = () => {};
  const gate: HydrationGate = {
    // Only while the page hydrates: the server renders everything, and so does the browser
    // once the page has hydrated.
    open: !pageHydrating,
    promise: new Promise<void>((done) => (resolve = done)),
    held: null,
    release: () => {
      gate.open = true;
      resolve();
    },
  };
  return gate;
}

function Gate({ gate, children }: { gate: HydrationGate; children: ReactNode }) {
  // Thrown, as React's Suspense contract for libraries allows: `use` would pause the whole pass.
  if (!gate.open) throw gate.promise;
  return children;
}

/** Renders nothing; its effect says the section around it has hydrated. */
function Hydrated({ gate }: { gate: HydrationGate }) {
  useEffect(() => gate.onHydrated?.(), [gate]);
  return null;
}

// Every section not hydrated yet, with one observer and one set of listeners for them all.
const gated = new Map<Element, HydrationGate>();
let observer: IntersectionObserver | null = null;
const INTERACTIONS = [
  "pointerover",
  "pointerdown",
  "mousedown",
  "touchstart",
  "keydown",
  "focusin",
  "input",
];

function wait(element: Element, gate: HydrationGate) {
  if (!observer) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          gated.get(entry.target)?.release();
          observer?.unobserve(entry.target);
        }
      },
      { rootMargin: "25% 0px" },
    );
    const open = (event: Event) => {
      if (!(event.target instanceof Node)) return;
      for (const [element, gate] of gated) if (element.contains(event.target)) gate.release();
    };
    for (const type of INTERACTIONS)
      window.addEventListener(type, open, { capture: true, passive: true });
    // A press (a click, or Enter on a button) React cannot hand over yet: React hydrates the
    // section on the spot when its code is there, but drops the press when the code is still on
    // its way (codeLater). So the press is held here, before React sees it, and pressed again
    // once the section has hydrated: nothing is lost and nothing happens twice.
    window.addEventListener(
      "click",
      (event) => {
        // The press is given again to the HTML element it landed in (an icon's svg has no
        // click()).
        let target = event.target instanceof Element ? event.target : null;
        while (target && !(target instanceof HTMLElement)) target = target.parentElement;
        if (!(target instanceof HTMLElement)) return;
        for (const [element, gate] of gated) {
          if (!element.contains(target)) continue;
          gate.release();
          event.preventDefault();
          event.stopPropagation();
          gate.held = target;
        }
      },
      { capture: true },
    );
  }
  gated.set(element, gate);
  observer.observe(element);
}

function stopWaiting(element: Element) {
  gated.delete(element);
  observer?.unobserve(element);
}

/**
 * A section whose code a first visit does not download with the page (docs/decisions/0032):
 * the browser fetches it when it is idle after the page has hydrated, or sooner when the
 * `HydrateLater` around it opens; React keeps the server HTML until the code has come. The
 * server loads every such module when it starts (`codeLoaded`), so it renders them in place.
 *
 *   const Section = codeLater(() => import("./section.tsx"), "Section");
 *
 * Only inside a `HydrateLater`: anywhere else the page would hydrate without the section.
 */
export function codeLater<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): M[K] extends ComponentType<infer P> ? ComponentType<P> : never {
  let Component: ComponentType<Record<string, unknown>> | null = null;
  let loading: Promise<void> | null = null;
  const fetchCode = () => {
    loading ??= load().then(
      (module) => {
        Component = module[name] as ComponentType<Record<string, unknown>>;
      },
      (error: unknown) => {
        // Not fetched (offline, or a deploy replaced the file): the section stays the server's
        // HTML, its links and text working, rather than React retrying a failed promise forever.
        console.warn(`The code of ${String(name)} did not load`, error);
        return new Promise<void>(() => {});
      },
    );
    return loading;
  };
  if (typeof document === "undefined") serverCode.push(fetchCode());
  else afterHydration(fetchCode);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per section, at module level, as React.lazy is
  function Later(props: Record<string, unknown>) {
    // Thrown, as the gate is: the boundary keeps its server HTML until the code has come.
    if (!Component) throw fetchCode();
    return <Component {...props} />;
  }
  Later.displayName = `Later(${String(name)})`;
  return Later as never;
}

const serverCode: Promise<void>[] = [];
/** The server awaits this before it renders: every `codeLater` module is loaded by then. */
export function codeLoaded(): Promise<unknown> {
  return Promise.all(serverCode);
}

/**
 * Runs `run` (fetching code a first visit can do without) once the page has hydrated and the
 * browser has a moment; at once-idle if it already has. Nothing on the server.
 */
export function afterHydration(run: () => unknown) {
  if (typeof document === "undefined") return;
  if (pageHydrating) waitingCode.push(run);
  else idle(run);
}

const waitingCode: (() => unknown)[] = [];
// Safari has no requestIdleCallback: a timer then.
function idle(run: () => unknown) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

let pageHydrating = false;

/** True from the browser entry until the root route's first effect: the page is hydrating. */
export const isPageHydrating = () => pageHydrating;

/** The browser entry sets it before hydrating the page, the root route clears it after (and
 * tests set it): only sections rendered while it is set wait. */
export function setPageHydrating(value: boolean) {
  pageHydrating = value;
}

/** Called once by the root route: the page has hydrated; sections mounted from now on (a
 * client navigation) render at once. */
export function useMarkPageHydrated() {
  useEffect(() => {
    setPageHydrating(false);
    for (const fetchCode of waitingCode.splice(0)) idle(fetchCode);
  }, []);
}
