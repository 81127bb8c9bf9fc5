import { formatDeliveryDay } from "../../../shared/domain/delivery-day.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { useTranslation } from "../../i18n/translator.tsx";

type Props = {
  days: readonly string[];
  value: string | null;
  onChange: (day: string) => void;
  lang: Lang;
  name: string;
  /** The same days, asked as the day to collect the order. */
  pickup?: boolean;
};

/**
 * The domestic delivery or pickup day: one choice per day the quote offers (the next 7
 * Damascus days without the closed weekdays, later than today after the cut-off, with room
 * in the kitchen for the cart).
 */
export default function DeliveryDayPicker({
  days,
  value,
  onChange,
  lang,
  name,
  pickup = false,
}: Props) {
  const { t } = useTranslation("checkout");
  return (
    <fieldset className="mt-3" data-testid="delivery-days">
      <legend className="mb-2 font-bold">
        {t(pickup ? "shipping.pickupDay" : "shipping.day")}
      </legend>
      <div className="flex flex-wrap gap-2">
        {days.map((day) => (
          <label
            key={day}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-3 py-2 has-[:checked]:border-gold-dark has-[:checked]:bg-gold/10"
          >
            <input
              type="radio"
              name={name}
              value={day}
              checked={value === day}
              onChange={() => onChange(day)}
            />
            <time dateTime={day}>{formatDeliveryDay(day, lang)}</time>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
