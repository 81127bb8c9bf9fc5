/**
 * The layers' rules, checked on every import in src (static, `export … from` and `import()`):
 *
 * - Arrows run one way: shared imports neither server nor web; server never imports web code;
 *   web imports no server value (a browser bundle must not pull the server in), and a server
 *   type crosses only through `src/web/load-context.ts` (the loaders' context).
 * - No import circles among files, type-only imports included: a type circle is erased from
 *   the build, but it still means neither file can be read, moved or tested without the
 *   other, which is what one-way layers are for.
 * - A server module is reached from another module only through its public surface (see
 *   `SURFACE` and docs/conventions.md "How a module exposes itself"), and no two modules
 *   lean on each other (the module graph has no circle either).
 *
 * Test files are left out: a test may reach across a layer to prove a seam, and no
 * production code imports a test.
 */
import { describe, expect, it } from "vitest";
import {
  findCircles,
  formatArrow,
  formatCircle,
  type ImportArrow,
  importGraph,
  isTestFile,
} from "./import-graph.ts";

/** The one web file through which server types reach the web (React Router's load context). */
const LOAD_CONTEXT = "src/web/load-context.ts";

/**
 * The web's translated texts are data, not code: the server reads them to write the same
 * words in a PDF or a sitemap without pulling in any web module.
 */
const SHARED_TEXTS = /^src\/web\/i18n\/locales\/[a-z]+\/[a-z0-9-]+\.json$/;

/**
 * What a server module shows other modules, beyond `service.ts` (every module's API) and
 * `events.ts` (what it announces). Each extra file is a deliberate, reviewed part of the
 * module's surface; everything else in a module is private to it.
 */
const SURFACE: Record<string, readonly string[]> = {
  // Password hashing and sign-in limits: two-factor and admins check a password the same way.
  accounts: ["passwords.ts", "sign-in-limits.ts"],
  // The kitchen's capacity per ready day: the quote offers days with room, and a placed order
  // claims its grams under the day's lock.
  calendar: ["capacity.ts"],
  // A cart's dishes: the quote offers their areas, days and slots, and a placed order takes
  // their portions and its slot.
  kitchen: ["cart.ts"],
  // Low-stock alerts: the dashboard lists them and a placed order raises them.
  catalog: ["low-stock.ts"],
  // The mail kit: the templates other modules fill, and the outbox that queues and sends them.
  mail: ["templates.ts", "account-templates.ts", "order-status-templates.ts", "outbox.ts"],
  orders: [
    // The back office's change counter and reads (customers and the dashboard show orders).
    "desk-version.ts",
    "admin-service.ts",
    // Who may see an order, and its receipts' shape: the receipts module uses the same rules.
    "viewer.ts",
    "dto.ts",
    // Cancelling an unpaid order and its customer's status e-mail: payments ends reservations.
    "cancel.ts",
    "order-status-mail.ts",
    // Invoices: a card payment the gateway confirms issues the order's invoice.
    "invoices.ts",
  ],
  // Stored images: catalogue and kitchen attach them.
  uploads: ["images.ts"],
};
const ALWAYS_PUBLIC = ["service.ts", "events.ts"];

const layer = (file: string) => file.split("/")[1];
const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\/(.+)$/.exec(file);

function wrongWayArrows(arrows: ImportArrow[]): ImportArrow[] {
  return arrows.filter((arrow) => {
    const from = layer(arrow.from);
    const to = layer(arrow.to);
    if (from === "shared") return to === "server" || to === "web";
    if (from === "server") return to === "web" && !SHARED_TEXTS.test(arrow.to);
    if (from === "web" && to === "server") return !(arrow.typeOnly && arrow.from === LOAD_CONTEXT);
    return false;
  });
}

function surfaceBreaches(arrows: ImportArrow[]): ImportArrow[] {
  return arrows.filter((arrow) => {
    const from = moduleOf(arrow.from);
    const to = moduleOf(arrow.to);
    if (!from || !to || from[1] === to[1]) return false;
    const name = to[1] as string;
    const file = to[2] as string;
    return !ALWAYS_PUBLIC.includes(file) && !(SURFACE[name] ?? []).includes(file);
  });
}

/** Arrows between modules, one per pair of modules (the first file-level arrow as witness). */
function moduleArrows(arrows: ImportArrow[]): ImportArrow[] {
  const seen = new Map<string, ImportArrow>();
  for (const arrow of arrows) {
    const from = moduleOf(arrow.from)?.[1];
    const to = moduleOf(arrow.to)?.[1];
    if (!from || !to || from === to) continue;
    const key = `src/server/modules/${from} -> src/server/modules/${to}`;
    if (!seen.has(key)) {
      seen.set(key, {
        ...arrow,
        from: `src/server/modules/${from}`,
        to: `src/server/modules/${to}`,
      });
    }
  }
  return [...seen.values()];
}

const production = importGraph().filter((arrow) => !isTestFile(arrow.from));

describe("imports in src", () => {
  it("reads the graph (the walker finds the app's imports)", () => {
    expect(production.length).toBeGreaterThan(1000);
    expect(production.some((a) => a.from === "src/server/app.ts")).toBe(true);
  });

  it("run one way: shared <- server, shared <- web, web -> server types only via the load context", () => {
    expect(wrongWayArrows(production).map(formatArrow), "imports that run the wrong way").toEqual(
      [],
    );
  });

  it("form no circle among files (type-only imports included)", () => {
    expect(findCircles(production).map(formatCircle), "import circles").toEqual([]);
  });

  it("reach another server module only through its public surface", () => {
    expect(
      surfaceBreaches(production).map(formatArrow),
      "imports of another module's private file (import its service.ts or events.ts, or declare the file in SURFACE)",
    ).toEqual([]);
  });

  it("form no circle among server modules", () => {
    expect(
      findCircles(moduleArrows(production)).map(formatCircle),
      "modules that import each other",
    ).toEqual([]);
  });
});
