import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiGet, apiPost } from "../../lib/api.ts";
import { paths, withQuery } from "../../lib/paths.ts";
import { ago, cutPreview, fitPreview } from "./notification-time.ts";

/** The bell polls every 10 s; fetch errors are silent. */
export const NOTIFICATION_POLL_MS = 10_000;
const KEEP = 20;
const SOUND_KEY = "bell-sound";

export type BellNotification = {
  id: number;
  type: string;
  data: {
    customer: string;
    /** Null only for a payment about an order the shop does not know. */
    order_id: number | null;
    order_number: string;
    total: number;
    /** `payment_problem`: a gateway event the shop did not apply. */
    problem?: "amount_mismatch" | "unknown_order" | "not_payable" | "unknown_session";
    /** `low_stock`: the product an order took to its threshold, grams left. */
    product_id?: number;
    product_name?: string;
    product_name_ar?: string;
    stock_grams?: number;
    sku?: string;
    /** An order taken by staff: the admin who took it. */
    taken_by?: string;
  };
  read_at: string | null;
  created_at: string;
};

/**
 * The line a bell item shows, by its type; an unknown type reads as a new order. A
 * low-stock item names the product in the admin's language.
 */
function bellText(
  n: BellNotification,
  t: (key: string, values?: Record<string, unknown>) => string,
  lang: "en" | "ar",
) {
  if (n.type === "low_stock") {
    const name =
      lang === "ar" && n.data.product_name_ar
        ? n.data.product_name_ar
        : (n.data.product_name ?? "");
    return t("topbar.lowStock", { name, left: optionLabel(n.data.stock_grams ?? 0, lang) });
  }
  // The customer's and staff's names give way before the order number is cut (the bell's
  // 45-character line).
  const line = (key: string) =>
    fitPreview(
      ([customer, staff]) => t(key, { number: n.data.order_number, customer, staff: staff ?? "" }),
      [n.data.customer, n.data.taken_by ?? ""],
    );
  if (n.type === "payment_problem" && n.data.problem)
    return line(`topbar.paymentProblem.${n.data.problem}`);
  if (n.type === "receipt_uploaded") return line("topbar.receiptUploaded");
  // Taken by staff (phone, messaging, in person): not a new customer's order to confirm.
  if (n.data.taken_by !== undefined) return line("topbar.takenBy");
  return line("topbar.newOrder");
}
type Answer = { data: BellNotification[]; meta: { unread: number } };

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** A short two-tone chime from the Web Audio API (no file to download). */
function chime(): void {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.6);
    gain.connect(ctx.destination);
    [880, 660].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      osc.frequency.value = hz;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.15);
      osc.stop(ctx.currentTime + 0.6);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // No sound is better than an error.
  }
}

/**
 * The bell's state: polls every 10 s while the tab is visible, asking only for notifications
 * newer than the last one it holds (`?after=`); the badge is the server's unread count.
 * Errors are silent: the last answer stays.
 */
export function useNotifications(token: string, onNew?: (items: BellNotification[]) => void) {
  const [items, setItems] = useState<BellNotification[]>([]);
  const [unread, setUnread] = useState(0);
  const lastId = useRef<number | null>(null);
  const onNewRef = useRef(onNew);
  onNewRef.current = onNew;

  useEffect(() => {
    let alive = true;
    let inFlight = false;
    const poll = async () => {
      if (inFlight || document.visibilityState === "hidden") return;
      inFlight = true;
      const first = lastId.current === null;
      const url =
        lastId.current === null
          ? `/api/admin/notifications?per_page=${KEEP}`
          : `/api/admin/notifications?per_page=${KEEP}&after=${lastId.current}`;
      try {
        const body = await apiGet<Answer>(url, { token });
        if (!alive) return;
        setUnread(body.meta.unread);
        if (body.data.length > 0) {
          lastId.current = Math.max(lastId.current ?? 0, ...body.data.map((n) => n.id));
          setItems((old) => [...body.data, ...old].slice(0, KEEP));
          if (!first) onNewRef.current?.(body.data);
        } else if (first) lastId.current = 0;
      } catch {
        // Silent.
      } finally {
        inFlight = false;
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), NOTIFICATION_POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void poll();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      alive = false;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [token]);

  /** Hovering an unread one marks it read and lowers the badge, floor 0. */
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const markRead = useCallback(
    (id: number) => {
      if (!itemsRef.current.some((n) => n.id === id && !n.read_at)) return;
      const at = new Date().toISOString();
      itemsRef.current = itemsRef.current.map((n) => (n.id === id ? { ...n, read_at: at } : n));
      setItems(itemsRef.current);
      setUnread((count) => Math.max(0, count - 1));
      void apiPost(`/api/admin/notifications/${id}/read`, undefined, { token }).catch(
        () => undefined,
      );
    },
    [token],
  );

  return { items, unread, markRead };
}

/** The owner has clicked or typed on the page: browsers allow sound only after that. */
function useInteracted() {
  const interacted = useRef(false);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener("pointerdown", mark, { once: true });
    window.addEventListener("keydown", mark, { once: true });
    return () => {
      window.removeEventListener("pointerdown", mark);
      window.removeEventListener("keydown", mark);
    };
  }, []);
  return interacted;
}

/**
 * The top bar's bell: unread badge and the latest order notifications, each to its order.
 * `onNewOrders` runs when a poll brings orders placed since the page opened, so the screens
 * showing orders can refresh with the badge; the layout wires it, as a feature
 * never reaches into another's queries.
 */
export function NotificationBell({
  token,
  onNewOrders,
  productsAllowed = true,
}: {
  token: string;
  onNewOrders?: (items: BellNotification[]) => void;
  /**
   * Whether the admin's roles open the products screen: a low-stock item opens the
   * products filtered on low stock, else (a packer) the order that took the stock there.
   */
  productsAllowed?: boolean;
}) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.language === "ar" ? "ar" : "en";
  const [open, setOpen] = useState(false);
  const [sound, setSound] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const interacted = useInteracted();

  // Escape closes the pop-up and puts focus back on the bell, wherever focus was.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  useEffect(() => setSound(localStorage.getItem(SOUND_KEY) === "1"), []);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const onNewOrdersRef = useRef(onNewOrders);
  onNewOrdersRef.current = onNewOrders;
  const { items, unread, markRead } = useNotifications(token, (fresh) => {
    setNow(Date.now());
    if (soundRef.current && interacted.current) chime();
    onNewOrdersRef.current?.(fresh);
  });

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        className="relative rounded-md p-2 hover:bg-line"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={
          unread > 0
            ? `${t("topbar.notifications")}: ${t("topbar.unread", { count: unread })}`
            : t("topbar.notifications")
        }
        onClick={() => {
          setNow(Date.now());
          setOpen((value) => !value);
        }}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 ? (
          <span
            className="absolute -end-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
            data-testid="notification-count"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute end-0 top-full z-30 mt-1 w-80 rounded-lg border border-line bg-white text-sm shadow-lg"
          data-testid="notification-panel"
        >
          {items.length === 0 ? (
            <p className="p-4">{t("topbar.noNotifications")}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {items.map((n) => {
                const when = ago(n.created_at, now);
                const preview = cutPreview(bellText(n, t, lang));
                return (
                  <li key={n.id} className="border-b border-line last:border-0">
                    <Link
                      to={
                        n.type === "low_stock" && productsAllowed
                          ? // The product itself (its SKU searched), not the whole low list.
                            withQuery(
                              paths.admin.products(),
                              n.data.sku ? { search: n.data.sku } : { stock: "low" },
                            )
                          : n.data.order_id === null
                            ? paths.admin.orders()
                            : paths.admin.order(n.data.order_id)
                      }
                      className={`block px-4 py-2 hover:bg-cream ${n.read_at ? "" : "bg-gold/10 font-semibold"}`}
                      onMouseEnter={() => markRead(n.id)}
                      onFocus={() => markRead(n.id)}
                      onClick={() => setOpen(false)}
                      data-testid="notification-item"
                      data-unread={n.read_at ? undefined : "true"}
                    >
                      <span className="block">{preview}</span>
                      <span className="block text-xs text-muted">
                        {t(`topbar.ago.${when.unit}`, { count: when.count })}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          <label className="flex items-center gap-2 border-t border-line px-4 py-2 text-xs">
            <input
              type="checkbox"
              checked={sound}
              onChange={(e) => {
                setSound(e.target.checked);
                localStorage.setItem(SOUND_KEY, e.target.checked ? "1" : "0");
              }}
            />
            {t("topbar.sound")}
          </label>
        </div>
      ) : null}
    </div>
  );
}
