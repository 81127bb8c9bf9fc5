import { useForm } from "react-hook-form";
import { GIFT_CARD_PURCHASE_MESSAGES } from "../../../../shared/domain/gift-cards.ts";
import type { GiftCardOfferDto } from "../../../../shared/schemas/gift-cards.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { GIFT_CARD_OFFER_LOAD_FAILED, useGiftCardOffer } from "./api/get-gift-card-offer.ts";
import { GIFT_CARD_OFFER_SAVE_FAILED, useSaveGiftCardOffer } from "./api/save-gift-card-offer.ts";

registerMessages(GIFT_CARD_PURCHASE_MESSAGES, (id) => `gift-cards:errors.${id}`);
registerMessages(
  { OFFER_LOAD: GIFT_CARD_OFFER_LOAD_FAILED, OFFER_SAVE: GIFT_CARD_OFFER_SAVE_FAILED },
  (id) => `admin-gift-cards:messages.${id}`,
);

type OfferValues = { enabled: boolean; amounts: string; custom_min: string; custom_max: string };

/** "25, 50, 100" (Arabic commas and spaces too) as numbers; a word stays NaN for the server to refuse. */
const amountsOf = (text: string) =>
  text
    .split(/[\s,،]+/)
    .filter(Boolean)
    .map(Number);
const limitOf = (text: string) => (text.trim() === "" ? null : Number(text));
const toForm = (offer: GiftCardOfferDto): OfferValues => ({
  enabled: offer.enabled,
  amounts: offer.amounts.join(", "),
  custom_min: offer.custom_min === null ? "" : String(offer.custom_min),
  custom_max: offer.custom_max === null ? "" : String(offer.custom_max),
});

/**
 * The gift card product the storefront sells: on or off, its amounts, and the limits of an
 * amount the shopper types (both empty: no custom amount). The server's rules decide; its
 * refusals show beside their fields.
 */
export function GiftCardOfferForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(["admin-gift-cards", "gift-cards"]);
  const offer = useGiftCardOffer(true);
  if (offer.isError) return <p role="alert">{t("messages.OFFER_LOAD")}</p>;
  if (!offer.data) return <p role="status">{t("loading")}</p>;
  return <OfferFields initial={toForm(offer.data)} onDone={onDone} />;
}

function OfferFields({ initial, onDone }: { initial: OfferValues; onDone: () => void }) {
  const { t } = useTranslation("admin-gift-cards");
  const save = useSaveGiftCardOffer();
  const form = useForm<OfferValues>({ defaultValues: initial });
  const {
    register,
    formState: { errors },
  } = form;
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: ["enabled", "amounts", "custom_min", "custom_max"],
    save: (values) =>
      save.mutateAsync({
        enabled: values.enabled,
        amounts: amountsOf(values.amounts),
        custom_min: limitOf(values.custom_min),
        custom_max: limitOf(values.custom_max),
      }),
    doneText: t("offer.saved"),
    failText: GIFT_CARD_OFFER_SAVE_FAILED,
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        as="checkbox"
        label={t("offer.enabled")}
        className="sm:col-span-2"
        error={errors.enabled}
        {...register("enabled")}
      />
      <Field
        label={t("offer.amounts")}
        hint={t("offer.amountsHint")}
        dir="ltr"
        required
        className="sm:col-span-2"
        error={errors.amounts}
        {...register("amounts")}
      />
      <Field
        label={t("offer.customMin")}
        inputMode="decimal"
        dir="ltr"
        error={errors.custom_min}
        {...register("custom_min")}
      />
      <Field
        label={t("offer.customMax")}
        hint={t("offer.customHint")}
        inputMode="decimal"
        dir="ltr"
        error={errors.custom_max}
        {...register("custom_max")}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <RecordFormActions banner={banner} onCancel={onDone} pending={save.isPending} />
      </div>
    </form>
  );
}
