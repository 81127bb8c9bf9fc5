import type { Lang } from "../../../shared/domain/money.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText } from "../../lib/bilingual.ts";

/** `available`: orders the slot still takes (0 = full or closed, shown but not chosen; null = no limit). */
type Slot = { id: string; label: string; label_ar: string; available?: number | null };

type Props = {
  slots: readonly Slot[];
  value: string | null;
  onChange: (slot: string) => void;
  lang: Lang;
  name: string;
  /** The same slots, asked as the time to collect the order. */
  pickup?: boolean;
  testId?: string;
};

/**
 * The time slot of the chosen delivery or pickup day: one choice per slot the quote still
 * offers for that day (full ones and, today, those already started are not offered).
 */
export default function DeliverySlotPicker({
  slots,
  value,
  onChange,
  lang,
  name,
  pickup = false,
  testId = "delivery-slots",
}: Props) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset className="mt-3" data-testid={testId}>
      <legend className="mb-2 font-bold">
        {t(pickup ? "shipping.pickupSlot" : "shipping.slot")}
      </legend>
      <div className="flex flex-wrap gap-2">
        {slots.map((slot) => (
          <label
            key={slot.id}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 has-[:checked]:border-gold-dark has-[:checked]:bg-gold/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50"
          >
            <input
              type="radio"
              name={name}
              value={slot.id}
              checked={value === slot.id}
              disabled={slot.available === 0}
              onChange={() => onChange(slot.id)}
            />
            <span dir="auto">{pickText(lang, slot.label, slot.label_ar)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
