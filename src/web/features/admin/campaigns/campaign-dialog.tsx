import { useState } from "react";
import { CAMPAIGN_MESSAGES, type CampaignBlock } from "../../../../shared/domain/campaigns.ts";
import {
  type CampaignDto,
  type CampaignInput,
  campaignInputSchema,
} from "../../../../shared/schemas/campaigns.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useProducts } from "../catalog/api/list-products.ts";
import { useCampaign } from "./api/get-campaign.ts";
import { CAMPAIGNS_LOAD_FAILED } from "./api/list-campaigns.ts";
import { CAMPAIGN_PREVIEW_FAILED } from "./api/preview-campaign.ts";
import { CAMPAIGN_SAVE_FAILED, useSaveCampaign } from "./api/save-campaign.ts";
import { CAMPAIGN_SEND_FAILED } from "./api/send-campaign.ts";
import { CAMPAIGN_TEST_FAILED } from "./api/send-campaign-test.ts";
import { BlocksEditor, emptyBlock, type PickableProduct } from "./blocks-editor.tsx";
import { CampaignCounts } from "./campaign-counts.tsx";
import { CampaignPreviewPanel } from "./campaign-preview-panel.tsx";
import { CampaignSendPanel } from "./campaign-send-panel.tsx";

// The server's sentences and this screen's failures, said in the screen's language.
registerMessages(CAMPAIGN_MESSAGES, (id) => `admin-campaigns:messages.${id}`);
registerMessages(
  {
    LOAD: CAMPAIGNS_LOAD_FAILED,
    SAVE: CAMPAIGN_SAVE_FAILED,
    PREVIEW: CAMPAIGN_PREVIEW_FAILED,
    TEST: CAMPAIGN_TEST_FAILED,
    SEND: CAMPAIGN_SEND_FAILED,
  },
  (id) => `admin-campaigns:messages.${id}`,
);

type Draft = {
  subject: string;
  subject_ar: string;
  rate_per_minute: string;
  body: CampaignBlock[];
  body_ar: CampaignBlock[];
};

const draftOf = (c: CampaignDto | null): Draft => ({
  subject: c?.subject ?? "",
  subject_ar: c?.subject_ar ?? "",
  rate_per_minute: String(c?.rate_per_minute ?? 60),
  body: c?.body ?? [emptyBlock("heading"), emptyBlock("paragraph")],
  body_ar: c?.body_ar ?? [emptyBlock("heading"), emptyBlock("paragraph")],
});

/** The first message of each field path the schema (or the server) found wrong. */
type Errors = Record<string, string | undefined>;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = write a new campaign. */
  campaign: CampaignDto | null;
};

/**
 * A campaign: written (a draft) in both languages, then previewed, tested and sent from the
 * same dialog. A new campaign stays open once saved so the owner goes on to the preview.
 */
export function CampaignDialog({ open, onOpenChange, campaign }: Props) {
  const { t } = useTranslation("admin-campaigns");
  const [savedId, setSavedId] = useState<number | null>(null);
  const id = campaign?.id ?? savedId;
  const live = useCampaign(open ? id : null);
  const current = live.data?.data ?? campaign;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setSavedId(null);
        onOpenChange(next);
      }}
      title={current ? t("editTitle") : t("addTitle")}
      size="lg"
      testId="campaign-dialog"
    >
      <div className="grid gap-6">
        {current && current.status !== "draft" ? (
          <SentSummary campaign={current} />
        ) : (
          <CampaignForm
            key={current?.id ?? "new"}
            campaign={current ?? null}
            onSaved={(saved) => setSavedId(saved.id)}
          />
        )}
        {current ? (
          <>
            <CampaignCounts campaign={current} />
            <CampaignPreviewPanel id={current.id} version={current} />
            {current.status === "draft" ? <CampaignSendPanel id={current.id} /> : null}
          </>
        ) : (
          <p className="text-sm text-muted">{t("saveFirst")}</p>
        )}
      </div>
    </Dialog>
  );
}

function SentSummary({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation("admin-campaigns");
  return (
    <div className="grid gap-1" data-testid="campaign-summary">
      <p className="font-semibold">{campaign.subject}</p>
      <p className="font-semibold" dir="rtl" lang="ar">
        {campaign.subject_ar}
      </p>
      <p className="text-sm text-muted">{t("notEditable")}</p>
    </div>
  );
}

function CampaignForm({
  campaign,
  onSaved,
}: {
  campaign: CampaignDto | null;
  onSaved: (saved: CampaignDto) => void;
}) {
  const { t } = useTranslation("admin-campaigns");
  const toast = useToasts();
  const save = useSaveCampaign();
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const products = useProducts({
    search: "",
    page: 1,
    per_page: 100,
    category: "",
    status: "active",
    stock: "all",
    sort: "newest",
  });
  const pickable: PickableProduct[] = (products.data?.data ?? []).map((p) => ({
    id: p.id,
    name: p.name,
    name_ar: p.name_ar,
    image_url: p.image_url,
  }));
  const err = (path: string) => (errors[path] ? { message: errors[path] } : undefined);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const parsed = campaignInputSchema.safeParse({
      ...draft,
      rate_per_minute: Number(draft.rate_per_minute),
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        id: campaign?.id ?? null,
        input: parsed.data as CampaignInput,
      });
      toast.success(campaign ? t("updated") : t("added"));
      onSaved(saved.data);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
        if (error.status !== 422) setBanner(error.message);
      } else setBanner(error instanceof ApiError ? error.message : CAMPAIGN_SAVE_FAILED);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("subject")}
          required
          dir="ltr"
          lang="en"
          value={draft.subject}
          error={err("subject")}
          onChange={(e) => setDraft({ ...draft, subject: e.currentTarget.value })}
        />
        <Field
          label={t("subjectAr")}
          required
          dir="rtl"
          lang="ar"
          value={draft.subject_ar}
          error={err("subject_ar")}
          onChange={(e) => setDraft({ ...draft, subject_ar: e.currentTarget.value })}
        />
        <Field
          label={t("rate")}
          hint={t("rateHint")}
          type="number"
          inputMode="numeric"
          min={1}
          dir="ltr"
          value={draft.rate_per_minute}
          error={err("rate_per_minute")}
          onChange={(e) => setDraft({ ...draft, rate_per_minute: e.currentTarget.value })}
        />
      </div>
      <BlocksEditor
        name="body"
        lang="en"
        legend={t("bodyEn")}
        blocks={draft.body}
        onChange={(body) => setDraft({ ...draft, body })}
        errors={errors}
        products={pickable}
      />
      <BlocksEditor
        name="body_ar"
        lang="ar"
        legend={t("bodyAr")}
        blocks={draft.body_ar}
        onChange={(body_ar) => setDraft({ ...draft, body_ar })}
        errors={errors}
        products={pickable}
      />
      <ErrorList messages={[banner]} />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t("save")}
        </button>
      </div>
    </form>
  );
}
