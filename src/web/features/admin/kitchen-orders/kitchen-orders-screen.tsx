import { useEffect, useRef, useState } from "react";
import { businessDate } from "../../../../shared/domain/business-time.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import type { KitchenOrderCard } from "../../../../shared/schemas/kitchen-orders.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useKitchenOrders } from "./api/list-kitchen-orders.ts";
import { useStepKitchenOrder } from "./api/step-kitchen-order.ts";

const SOUND_KEY = "kitchen_orders_sound";

/** A short two-tone chime, made on the spot: no sound file to download. */
function chime() {
  try {
    const AudioCtx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AudioCtx) return;
    const ctx = new AudioCtx();
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = hz;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.15);
    });
    setTimeout(() => void ctx.close(), 800);
  } catch {
    // A browser that refuses sound before a tap: the card still shows.
  }
}

/** The cook's preference survives a reload; sound is on until they switch it off. */
function useSoundSwitch(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(true);
  useEffect(() => {
    setOn(window.localStorage.getItem(SOUND_KEY) !== "off");
  }, []);
  return [
    on,
    (next) => {
      setOn(next);
      window.localStorage.setItem(SOUND_KEY, next ? "on" : "off");
    },
  ];
}

/**
 * The kitchen screen (kitchen, orders and owner; made for a tablet on the pass): today's
 * orders holding a dish, grouped by slot, each a card the cook moves on with one tap. New
 * orders arrive by polling every few seconds, with a chime the cook can switch off.
 */
export function KitchenOrdersScreen({ today = businessDate(new Date()) }: { today?: string }) {
  const { t } = useTranslation("admin-kitchen-orders");
  const lang = useLang();
  const orders = useKitchenOrders(today);
  const step = useStepKitchenOrder();
  const [sound, setSound] = useSoundSwitch();
  const seen = useRef<Set<number> | null>(null);

  useEffect(() => {
    const data = orders.data;
    if (!data) return;
    const ids = new Set(data.map((card) => card.id));
    if (seen.current && sound && data.some((card) => !seen.current!.has(card.id))) chime();
    seen.current = ids;
  }, [orders.data, sound]);

  const groups = new Map<string, KitchenOrderCard[]>();
  for (const card of orders.data ?? []) {
    const key = card.slot?.id ?? "";
    groups.set(key, [...(groups.get(key) ?? []), card]);
  }

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="me-auto text-2xl font-bold text-brown">{t("title")}</h1>
        <p className="text-lg" data-testid="kitchen-orders-day">
          {formatDeliveryDay(today, lang)}
        </p>
        <label className="flex min-h-11 items-center gap-2 text-lg">
          <input
            type="checkbox"
            className="size-6"
            checked={sound}
            onChange={(e) => setSound(e.target.checked)}
            data-testid="kitchen-orders-sound"
          />
          {t("sound")}
        </label>
      </div>
      {orders.isError ? (
        <div role="alert" className="flex items-center gap-3">
          <p className="text-red-700">{t("failed")}</p>
          <button type="button" className="btn btn-outline" onClick={() => orders.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : null}
      {step.isError ? (
        <p role="alert" className="text-red-700">
          {t("stepFailed")}
        </p>
      ) : null}
      {orders.data && orders.data.length === 0 ? <p className="text-lg">{t("empty")}</p> : null}
      {[...groups.entries()].map(([slot, cards]) => (
        <section key={slot} className="flex flex-col gap-3" data-testid="kitchen-slot">
          <h2 className="text-xl font-bold">
            {cards[0]?.slot ? (
              <bdi>{pickText(lang, cards[0].slot.label, cards[0].slot.label_ar)}</bdi>
            ) : (
              t("noSlot")
            )}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <li
                key={card.id}
                className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4 shadow-sm"
                data-testid="kitchen-card"
              >
                <div className="flex items-center gap-2">
                  <span className="me-auto text-lg font-bold" dir="ltr">
                    {card.number}
                  </span>
                  <span className="rounded-full bg-cream px-3 py-1" data-testid="kitchen-step">
                    {card.status ? t(`steps.${card.status}`) : t("new")}
                  </span>
                </div>
                <ul className="text-lg">
                  {card.lines.map((line) => (
                    <li key={`${line.kind}-${line.name}-${line.grams ?? 0}`}>
                      {line.kind === "dish"
                        ? t("portions", {
                            qty: line.qty,
                            name: pickText(lang, line.name, line.name_ar),
                          })
                        : t("sweets", {
                            qty: line.qty,
                            name: pickText(lang, line.name, line.name_ar),
                          })}
                    </li>
                  ))}
                </ul>
                {card.notes ? (
                  <p className="rounded bg-yellow-50 p-2" data-testid="kitchen-notes">
                    {card.notes}
                  </p>
                ) : null}
                <p>
                  {card.customer.name} · <bdi dir="ltr">{card.customer.phone}</bdi>
                </p>
                <p className="text-sm text-ink/80">
                  {card.kind === "pickup"
                    ? t("pickup")
                    : [
                        pickText(lang, card.address.area, card.address.area_ar),
                        card.address.address,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                </p>
                {card.next ? (
                  <button
                    type="button"
                    className="btn btn-primary min-h-12 text-lg"
                    disabled={step.isPending}
                    onClick={() => step.mutate({ id: card.id, step: card.next! })}
                  >
                    {t(`to.${card.next}`)}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
