import { type FormEvent, type ReactNode, useState } from "react";
import { LazyMessageText, preloadMessageText } from "../../components/form/lazy-message-text.tsx";
import { apiPost } from "../../lib/api.ts";
import { useLang } from "../../lib/bilingual.ts";
import { failureState, type SubmitState } from "./submit-state.ts";

/** The texts an enquiry form shows, already in the page's language. */
export type EnquiryTexts = {
  fillRequired: string;
  success: string;
  send: string;
  sending: string;
};

/**
 * The company site's enquiry forms (contact, traders): idle, sending (button disabled),
 * success (form cleared) or error (the message submit-state.ts picks). An empty required
 * field shows the "fill all required fields" line and nothing is sent.
 */
export function useEnquiryForm<F extends string>(options: {
  fields: readonly F[];
  required: ReadonlySet<F>;
  endpoint: string;
  failed: string;
}) {
  const lang = useLang();
  const empty = Object.fromEntries(options.fields.map((f) => [f, ""])) as Record<F, string>;
  const [values, setValues] = useState(empty);
  const [state, setState] = useState<SubmitState>({ kind: "idle" });
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    if ([...options.required].some((field) => !values[field].trim())) {
      setMissing(true);
      setState({ kind: "idle" });
      return;
    }
    setMissing(false);
    setState({ kind: "sending" });
    // A refusal is shown through the message translator, in the page's language.
    preloadMessageText();
    try {
      await apiPost(options.endpoint, { ...values, lang }, { fallback: options.failed });
      setValues(empty);
      setState({ kind: "success" });
    } catch (error) {
      setState(failureState(error, options.failed));
    }
  }

  /** The props every control of the form shares: value, change, required and error wiring. */
  function control(field: F, id: string) {
    const error = state.kind === "error" ? state.fields[field] : undefined;
    const required = options.required.has(field);
    const invalid = Boolean(error) || (missing && required && !values[field].trim());
    return {
      id,
      name: field,
      value: values[field],
      required,
      "aria-invalid": invalid || undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [field]: e.target.value })),
      className: "field mt-1",
    };
  }

  return { values, state, missing, submit, control };
}

/** One labelled control with its required mark (or "optional") and its server error. */
export function EnquiryField(props: {
  id: string;
  label: string;
  required: boolean;
  optionalText?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="font-semibold">
        {props.label}
        {props.required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : props.optionalText ? (
          <span className="text-sm font-normal text-muted"> ({props.optionalText})</span>
        ) : null}
      </label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-700">
          <LazyMessageText text={props.error} />
        </p>
      ) : null}
    </div>
  );
}

/** The form's live status line and its send button; test ids are `<prefix>-missing|success|error`. */
export function EnquiryFooter(props: {
  prefix: string;
  state: SubmitState;
  missing: boolean;
  texts: EnquiryTexts;
}) {
  const { state, texts, prefix } = props;
  return (
    <>
      <div aria-live="polite" className="min-h-6">
        {props.missing ? (
          <p role="alert" className="font-semibold text-red-700" data-testid={`${prefix}-missing`}>
            {texts.fillRequired}
          </p>
        ) : null}
        {state.kind === "success" ? (
          <p className="font-semibold text-pistachio" data-testid={`${prefix}-success`}>
            {texts.success}
          </p>
        ) : null}
        {state.kind === "error" ? (
          <p role="alert" className="font-semibold text-red-700" data-testid={`${prefix}-error`}>
            <LazyMessageText text={state.message} />
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn btn-primary px-8 py-3"
        disabled={state.kind === "sending"}
      >
        {state.kind === "sending" ? texts.sending : texts.send}
      </button>
    </>
  );
}
