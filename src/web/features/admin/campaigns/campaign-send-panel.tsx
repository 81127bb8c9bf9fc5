import { useState } from "react";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { CAMPAIGN_SEND_FAILED, useSendCampaign } from "./api/send-campaign.ts";
import { CAMPAIGN_TEST_FAILED, useSendCampaignTest } from "./api/send-campaign-test.ts";

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.fieldError("campaign") || error.message || fallback : fallback;

/**
 * A draft's sending: a test to the admin's own address (as often as wanted), then once, now or
 * at a time to come. Sending is asked to be confirmed: it cannot be taken back.
 */
export function CampaignSendPanel({ id }: { id: number }) {
  const { t } = useTranslation("admin-campaigns");
  const toast = useToasts();
  const test = useSendCampaignTest();
  const send = useSendCampaign();
  const [at, setAt] = useState("");
  const [atError, setAtError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"now" | "later" | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  const sendTest = async () => {
    setBanner(null);
    try {
      const { data } = await test.mutateAsync(id);
      toast.success(t("testSent", { to: data.to }));
    } catch (error) {
      setBanner(messageOf(error, CAMPAIGN_TEST_FAILED));
    }
  };

  const go = async (when: "now" | "later") => {
    setBanner(null);
    try {
      // The date-time control is the admin's local time; the API takes an absolute ISO time.
      await send.mutateAsync({ id, at: when === "later" ? new Date(at).toISOString() : undefined });
      toast.success(t(when === "now" ? "sendingNow" : "scheduled"));
    } catch (error) {
      setBanner(messageOf(error, CAMPAIGN_SEND_FAILED));
    } finally {
      setConfirming(null);
    }
  };

  const askSchedule = () => {
    if (!at || Number.isNaN(new Date(at).getTime()) || new Date(at).getTime() <= Date.now()) {
      setAtError(t("atFuture"));
      return;
    }
    setAtError(null);
    setConfirming("later");
  };

  return (
    <section className="grid gap-3" aria-labelledby="campaign-send-title">
      <h3 id="campaign-send-title" className="font-semibold">
        {t("sendTitle")}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <button
          type="button"
          className="btn btn-outline"
          disabled={test.isPending}
          onClick={() => void sendTest()}
        >
          {t("sendTest")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={send.isPending}
          onClick={() => setConfirming("now")}
        >
          {t("sendNow")}
        </button>
        <Field
          label={t("at")}
          type="datetime-local"
          dir="ltr"
          value={at}
          error={atError ? { message: atError } : undefined}
          onChange={(e) => setAt(e.currentTarget.value)}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={send.isPending}
          onClick={askSchedule}
        >
          {t("schedule")}
        </button>
      </div>
      <ErrorList messages={[banner]} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t(confirming === "later" ? "confirmScheduleTitle" : "confirmSendTitle")}
        description={t(confirming === "later" ? "confirmSchedule" : "confirmSend")}
        confirmLabel={t(confirming === "later" ? "schedule" : "sendNow")}
        onConfirm={() => void go(confirming ?? "now")}
        pending={send.isPending}
        tone="default"
      />
    </section>
  );
}
