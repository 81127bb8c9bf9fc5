// Fault drill (issue 22): two shop instances behind nginx on PostgreSQL and Redis, all of them
// this script's own (scripts/cluster.ts). While clients browse and place orders (each with an
// Idempotency-Key, repeated after a 5xx or a network error as the web client does), it
//   1. terminates every backend of the shop's database, 2. restarts PostgreSQL (fast),
//   3. stops Redis (SHUTDOWN NOSAVE) and starts it again, 4. SIGTERMs instance A and starts it.
// After each: both instances running, both /healthz 200 within 10 s of the fault's end, every
// acknowledged order in the database exactly once (and nothing else), at most one order per
// key, no negative stock, each product's stock down by exactly the acknowledged quantities,
// and both instances showing the database's stock. What it asserts never depends on timing,
// except the 10 s the issue gives.
//
//   npm run build && npm run drill        (as root or a user who can run initdb; needs nginx,
//                                          redis-server and PostgreSQL's binaries)
import http from "node:http";
import pg from "pg";
import {
  type Cluster,
  cleanupNow,
  healthz,
  linesFor,
  type Orderable,
  type OrderOutcome,
  placeOrder,
  prepareOrderables,
  request,
  sha256,
  sleep,
  startCluster,
} from "./cluster.ts";

const OVERALL_TIMEOUT_MS = 5 * 60_000;
const READY_WITHIN_MS = 10_000;
const BROWSERS = 3;
const BUYERS = 2;
/** Units of the scarce product put back before each step, so orders race for them again. */
const SCARCE_UNITS = 6;
/** How long one order may keep retrying its key before the drill calls it unsettled. */
const ORDER_DEADLINE_MS = 45_000;

const t0 = Date.now();
const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(5)}s]`;
const say = (line: string) => console.log(`${stamp()} ${line}`);

let passed = 0;
let failed = 0;
function check(step: string, what: string, ok: boolean, detail = ""): boolean {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "PASS" : "FAIL"} ${step}: ${what}${detail ? ` (${detail})` : ""}`);
  return ok;
}

function finish(): never {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

const overall = setTimeout(() => {
  check("drill", `finished within ${OVERALL_TIMEOUT_MS / 60_000} minutes`, false, "hard timeout");
  cleanupNow();
  finish();
}, OVERALL_TIMEOUT_MS);
overall.unref();

// ---------------------------------------------------------------- load

/** Page reads: how many got a 2xx, and the others by status and path. */
type Tally = { ok: number; other: Map<string, number> };
const newTally = (): Tally => ({ ok: 0, other: new Map() });
const showTally = (t: Tally) =>
  [`${t.ok} 2xx`, ...[...t.other].sort().map(([what, n]) => `${n}x ${what}`)].join(", ");
const showCounts = (counts: Map<string, number>) =>
  [...counts]
    .sort(([, a], [, b]) => b - a)
    .slice(0, 6)
    .map(([what, n]) => `${n}x ${what}`);

function tally(t: Tally, what: string): void {
  t.other.set(what, (t.other.get(what) ?? 0) + 1);
}

class Load {
  stopped = false;
  ordersPaused = false;
  inFlight = 0;
  browse = newTally();
  outcomes: OrderOutcome[] = [];
  /** Every key sent, settled or not. */
  keys = new Set<string>();
  retries = 0;
  private next = 0;
  private loops: Promise<void>[] = [];

  constructor(
    readonly cluster: Cluster,
    readonly orderables: Orderable[],
  ) {}

  start(): void {
    const paths = [
      "/",
      "/shop",
      ...this.orderables.map((o) => `/product/${o.id}`),
      "/api/products",
      `/api/products/${this.orderables[0]!.id}`,
      "/our-kitchen",
    ];
    for (let i = 0; i < BROWSERS; i++) this.loops.push(this.browser(i, paths));
    for (let i = 0; i < BUYERS; i++) this.loops.push(this.buyer());
  }

  private async browser(i: number, paths: string[]): Promise<void> {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = i; !this.stopped; n++) {
      const path = paths[n % paths.length]!;
      try {
        const res = await request(`${this.cluster.url}${path}`, {
          agent,
          // One of the shoppers reads in Arabic (other pages, other cache entries).
          headers: { "accept-encoding": "br, gzip", "accept-language": i === 2 ? "ar" : "en" },
          timeoutMs: 15_000,
        });
        if (res.status < 300) this.browse.ok++;
        else tally(this.browse, `${res.status} ${path}`);
      } catch (error) {
        tally(this.browse, `${(error as Error).message} ${path}`);
      }
      // A steady trickle, not a load test: the 10 s readiness bound must not measure a queue.
      await sleep(100);
    }
    agent.destroy();
  }

  private async buyer(): Promise<void> {
    while (!this.stopped) {
      if (this.ordersPaused) {
        await sleep(50);
        continue;
      }
      const n = this.next++;
      const key = `drill-${t0}-${n.toString().padStart(6, "0")}`;
      this.keys.add(key);
      this.inFlight++;
      const outcome = await placeOrder(
        this.cluster.url,
        key,
        linesFor(this.orderables, n),
        n,
        Date.now() + ORDER_DEADLINE_MS,
      );
      this.inFlight--;
      this.retries += outcome.attempts - 1;
      this.outcomes.push(outcome);
      await sleep(100);
    }
  }

  /** Stops new orders and waits (bounded by each order's deadline) for those in flight. */
  async settle(): Promise<void> {
    this.ordersPaused = true;
    const deadline = Date.now() + ORDER_DEADLINE_MS + 20_000;
    while (this.inFlight > 0 && Date.now() < deadline) await sleep(50);
  }

  resume(): void {
    this.ordersPaused = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.loops);
  }
}

// ---------------------------------------------------------------- checks

/** Stock put in (the start's and each restock), per product: what orders may take from. */
const stockIn = new Map<number, number>();

async function restock(cluster: Cluster, scarce: Orderable): Promise<void> {
  const [row] = await cluster.pg.query<{ stock_grams: number }>(
    "update products set stock_grams = stock_grams + $2 where id = $1 returning stock_grams",
    [scarce.id, scarce.grams * SCARCE_UNITS],
  );
  stockIn.set(scarce.id, (stockIn.get(scarce.id) ?? 0) + scarce.grams * SCARCE_UNITS);
  say(`restocked the scarce product ${scarce.id}: ${row!.stock_grams} g`);
}

async function checkInstances(cluster: Cluster, step: string, faultEnd: number): Promise<void> {
  for (const instance of cluster.instances) {
    check(
      step,
      `instance ${instance.name} still running`,
      instance.alive,
      instance.alive
        ? ""
        : `exit ${JSON.stringify(instance.exit)}; its log ends:\n${indent(instance.tail())}`,
    );
  }
  const deadline = faultEnd + READY_WITHIN_MS;
  const readyAfter = await Promise.all(
    cluster.instances.map(async (instance) => {
      const ok = await instance.waitReady(deadline);
      return ok ? Date.now() - faultEnd : null;
    }),
  );
  check(
    step,
    `both instances answer /healthz 200 within ${READY_WITHIN_MS / 1000} s of the fault's end`,
    readyAfter.every((ms) => ms !== null),
    cluster.instances
      .map((instance, i) => {
        const ms = readyAfter[i] ?? null;
        return `${instance.name} ${ms === null ? "not ready" : `${(Math.max(0, ms) / 1000).toFixed(1)} s`}`;
      })
      .join(", "),
  );
  // An instance that died is started again so the next steps still run on two.
  for (const instance of cluster.instances) {
    if (instance.alive) continue;
    say(`starting instance ${instance.name} again after it stopped, to go on with the drill`);
    await cluster.restart(instance).catch((error) => say(`could not: ${(error as Error).message}`));
  }
}

async function checkOrders(cluster: Cluster, load: Load, step: string): Promise<void> {
  const acked = load.outcomes.filter((o) => o.kind === "acked");
  const unsettled = load.outcomes.filter((o) => o.kind === "unsettled");
  // The only refusal these orders can earn is the scarce product's 409 (out of stock).
  const refusedOtherwise = load.outcomes.filter((o) => o.kind === "refused" && o.status !== 409);
  const rows = await cluster.pg.query<{ number: string; key_hash: string }>(
    "select number, idempotency_key_hash as key_hash from orders",
  );
  const byNumber = new Map<string, string[]>();
  for (const row of rows)
    byNumber.set(row.number, [...(byNumber.get(row.number) ?? []), row.key_hash]);
  const byKey = new Map<string, number>();
  for (const row of rows) byKey.set(row.key_hash, (byKey.get(row.key_hash) ?? 0) + 1);

  const missing = acked.filter((o) => {
    const hashes = byNumber.get(o.number);
    return hashes?.length !== 1 || hashes[0] !== sha256(o.key);
  });
  check(
    step,
    "every acknowledged order is in the database exactly once, under its key",
    missing.length === 0,
    missing.length
      ? `${missing.length} of ${acked.length}: ${missing
          .slice(0, 5)
          .map((o) => o.number)
          .join(", ")}`
      : `${acked.length} orders`,
  );
  const doubled = [...byKey].filter(([, n]) => n > 1);
  const ackedHashes = new Set(acked.map((o) => sha256(o.key)));
  const unacknowledged = rows.filter((r) => !ackedHashes.has(r.key_hash));
  check(
    step,
    "at most one order per Idempotency-Key; every order settled, none unknown to its client",
    doubled.length === 0 &&
      unacknowledged.length === 0 &&
      unsettled.length === 0 &&
      refusedOtherwise.length === 0,
    [
      `${doubled.length} keys with several orders`,
      `${unacknowledged.length} orders never acknowledged`,
      `${unsettled.length} orders unsettled after ${ORDER_DEADLINE_MS / 1000} s of retries${
        unsettled.length
          ? ` (last: ${unsettled[0]!.kind === "unsettled" ? unsettled[0]!.last : ""})`
          : ""
      }`,
      `${refusedOtherwise.length} refused other than out of stock${
        refusedOtherwise[0]?.kind === "refused" ? ` (${refusedOtherwise[0].message})` : ""
      }`,
    ].join(", "),
  );
}

async function checkStock(cluster: Cluster, load: Load, step: string, orderables: Orderable[]) {
  const tracked = orderables.filter((o) => o.tracked);
  const rows = await cluster.pg.query<{ id: string; stock_grams: number }>(
    "select id, stock_grams from products where stock_grams is not null",
  );
  const negative = rows.filter((r) => r.stock_grams < 0);
  const taken = new Map<number, number>();
  for (const o of load.outcomes) {
    if (o.kind !== "acked") continue;
    for (const line of o.lines) {
      taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.grams * line.qty);
    }
  }
  const now = new Map(rows.map((r) => [Number(r.id), r.stock_grams]));
  const wrong = tracked.filter(
    (o) => (stockIn.get(o.id) ?? 0) - (taken.get(o.id) ?? 0) !== now.get(o.id),
  );
  check(
    step,
    "no negative stock; each product's stock down by exactly the acknowledged orders' grams",
    negative.length === 0 && wrong.length === 0,
    tracked
      .map((o) => {
        const expected = (stockIn.get(o.id) ?? 0) - (taken.get(o.id) ?? 0);
        const actual = now.get(o.id);
        return `#${o.id}: ${stockIn.get(o.id)} in - ${taken.get(o.id) ?? 0} acknowledged = ${expected} g${
          actual === expected ? "" : `, but ${actual} g in the database`
        }`;
      })
      .join("; "),
  );
  // Stock is public content: each instance's cached product must follow the database.
  const stale: string[] = [];
  for (const instance of cluster.instances) {
    for (const o of tracked) {
      try {
        const res = await request(`${instance.url}/api/products/${o.id}`, { agent: false });
        const kg = JSON.parse(res.body.toString("utf8"))?.data?.stock;
        if (Math.round(kg * 1000) !== now.get(o.id))
          stale.push(`${instance.name} #${o.id}: ${kg} kg`);
      } catch (error) {
        stale.push(`${instance.name} #${o.id}: ${(error as Error).message}`);
      }
    }
  }
  check(step, "both instances show the database's stock", stale.length === 0, stale.join(", "));
}

const indent = (text: string) => text.replace(/^/gm, "      ");

// ---------------------------------------------------------------- the steps

async function nginxPassesThrough(cluster: Cluster): Promise<void> {
  const step = "setup";
  const headers = { "accept-encoding": "br, gzip", "accept-language": "en" };
  const page = await request(`${cluster.url}/`, { headers });
  const direct = await request(`${cluster.instances[0]!.url}/`, { headers });
  check(
    step,
    "nginx serves / compressed once, as the app does",
    page.status === 200 &&
      page.headers["content-encoding"] === direct.headers["content-encoding"] &&
      ["br", "gzip"].includes(String(page.headers["content-encoding"])),
    `${page.status}, content-encoding ${page.headers["content-encoding"]} (app: ${direct.headers["content-encoding"]})`,
  );
  const plain = (await request(`${cluster.url}/`)).body.toString("utf8");
  const asset = /\/assets\/[\w.-]+\.js/.exec(plain)?.[0];
  const viaNginx = asset ? await request(`${cluster.url}${asset}`, { headers }) : null;
  const viaApp = asset ? await request(`${cluster.instances[1]!.url}${asset}`, { headers }) : null;
  check(
    step,
    "nginx keeps the app's Cache-Control and pre-compressed twin for /assets/",
    Boolean(
      viaNginx &&
        viaApp &&
        viaNginx.status === 200 &&
        viaNginx.headers["cache-control"] === viaApp.headers["cache-control"] &&
        /immutable/.test(String(viaNginx.headers["cache-control"])) &&
        viaNginx.headers["content-encoding"] === "br" &&
        viaNginx.body.equals(viaApp.body),
    ),
    `${asset}: ${viaNginx?.status}, ${viaNginx?.headers["cache-control"]}, ${viaNginx?.headers["content-encoding"]}`,
  );
  check(step, "nginx answers /healthz 200", (await healthz(cluster.url)) === 200);
}

type Fault = { name: string; apply: (cluster: Cluster) => Promise<string> };

const faults: Fault[] = [
  {
    name: "1 terminate every backend of the shop's database",
    apply: async (cluster) => {
      const admin = new pg.Client({ connectionString: cluster.pg.url("postgres") });
      admin.on("error", () => {});
      await admin.connect();
      const terminate = async (where: string) => {
        const { rows } = await admin.query<{ n: string }>(
          `select count(*) as n from (select pg_terminate_backend(pid) from pg_stat_activity
            where datname = 'shop' and pid <> pg_backend_pid() ${where}) t`,
        );
        return Number(rows[0]!.n);
      };
      try {
        // For 2 s, every backend caught between two statements of a transaction (the app
        // holds its connection then, with no query under way), then every backend, 3 times.
        let midTransaction = 0;
        for (const until = Date.now() + 2000; Date.now() < until; ) {
          midTransaction += await terminate("and state = 'idle in transaction'");
          await sleep(5);
        }
        const all: number[] = [];
        for (let round = 0; round < 3; round++) {
          all.push(await terminate(""));
          await sleep(300);
        }
        const what = `terminated ${midTransaction} backends idle in a transaction, then ${all.join(" + ")}`;
        check(
          "1",
          "the fault reached the instances' connections",
          midTransaction + all[0]! > 0,
          what,
        );
        return what;
      } finally {
        await admin.end().catch(() => {});
      }
    },
  },
  {
    name: "2 restart PostgreSQL (pg_ctl restart -m fast)",
    apply: async (cluster) => {
      const started = Date.now();
      await cluster.pg.restart();
      return `PostgreSQL back after ${((Date.now() - started) / 1000).toFixed(1)} s`;
    },
  },
  {
    name: "3 stop Redis (SHUTDOWN NOSAVE), start it again",
    apply: async (cluster) => {
      await cluster.redis.shutdown();
      await sleep(2500);
      await cluster.redis.start();
      return "Redis down for 2.5 s";
    },
  },
  {
    name: "4 SIGTERM instance A, start it again",
    apply: async (cluster) => {
      const a = cluster.instances[0]!;
      const started = Date.now();
      const exited = a.signal("SIGTERM", 30_000);
      // While it drains, its /healthz tells an external checker to take it out.
      let draining = 0;
      while (a.alive && !draining) {
        const res = await request(`${a.url}/healthz`, { agent: false, timeoutMs: 2000 }).catch(
          () => null,
        );
        if (res?.status === 503 && /unavailable/.test(res.body.toString("utf8")))
          draining = Date.now();
        else await sleep(50);
      }
      const ended = await exited;
      check(
        "4",
        "instance A answers /healthz 503 while it drains",
        draining > 0,
        draining ? `after ${draining - started} ms` : "never seen before it exited",
      );
      const took = ((Date.now() - started) / 1000).toFixed(1);
      check(
        "4",
        "instance A exits 0 after SIGTERM (drained, not killed)",
        ended && a.exit?.code === 0,
        `exit ${JSON.stringify(a.exit)} after ${took} s`,
      );
      a.start();
      return `A stopped after ${took} s and was started again`;
    },
  },
];

async function main(): Promise<void> {
  say("starting PostgreSQL, Redis, two instances and nginx (scripts/cluster.ts)");
  const cluster = await startCluster({ log: say, drainMs: 2000 });
  await nginxPassesThrough(cluster);

  const orderables = await prepareOrderables(cluster.pg, 0);
  const scarce = orderables[0]!;
  for (const o of orderables.filter((p) => p.tracked)) {
    const [row] = await cluster.pg.query<{ stock_grams: number }>(
      "select stock_grams from products where id = $1",
      [o.id],
    );
    stockIn.set(o.id, row!.stock_grams);
  }
  say(
    `orders for products ${orderables.map((o) => `#${o.id}${o.tracked ? " (tracked)" : ""}`).join(", ")}; #${scarce.id} sells out`,
  );

  cluster.nginx.newErrors();
  for (const instance of cluster.instances) instance.newLogLines();
  const load = new Load(cluster, orderables);
  load.ordersPaused = true;
  load.start();

  for (const fault of faults) {
    const step = fault.name.split(" ")[0]!;
    console.log(`\n== step ${fault.name}`);
    await restock(cluster, scarce);
    const before = { orders: load.outcomes.length, retries: load.retries };
    load.browse = newTally();
    load.resume();
    await sleep(3000);
    say("fault");
    const what = await fault.apply(cluster);
    const faultEnd = Date.now();
    say(`fault over: ${what}`);
    await checkInstances(cluster, step, faultEnd);
    await sleep(2000);
    await load.settle();
    const outcomes = load.outcomes.slice(before.orders);
    const count = (kind: OrderOutcome["kind"]) => outcomes.filter((o) => o.kind === kind).length;
    const refusals = new Set(
      outcomes.map((o) => (o.kind === "refused" ? o.status : 0)).filter(Boolean),
    );
    say(
      `load in this step: pages ${showTally(load.browse)}; orders ${count("acked")} acknowledged, ` +
        `${count("refused")} refused (${[...refusals].join("/") || "-"}), ${count("unsettled")} unsettled, ` +
        `${load.retries - before.retries} retries of a key`,
    );
    const errors = showCounts(cluster.nginx.newErrors());
    if (errors.length) say(`nginx error log in this step:\n${indent(errors.join("\n"))}`);
    for (const instance of cluster.instances) {
      const lines = showCounts(instance.newLogLines());
      if (lines.length) say(`instance ${instance.name} logged:\n${indent(lines.join("\n"))}`);
    }
    await checkOrders(cluster, load, step);
    await checkStock(cluster, load, step, orderables);
  }

  await load.stop();
  console.log("");
  say("stopping everything");
  await cluster.stop();
}

main()
  .catch((error) => {
    check("drill", "ran to the end", false, (error as Error).stack ?? String(error));
    cleanupNow();
  })
  .finally(finish);
