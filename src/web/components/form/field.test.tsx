import { zodResolver } from "@hookform/resolvers/zod";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { ApiError } from "../../lib/api.ts";
import { renderWithKit } from "../../test/render-with-kit.tsx";
import { ErrorList } from "./error-list.tsx";
import { BilingualField, Field } from "./field.tsx";
// The zone forms' field registers how countries are named in the reader's language.
import "../../features/admin/shipping/country-list-field.tsx";
import { messageKey, useMessageText } from "./messages.ts";
import { setServerErrors } from "./server-errors.ts";

afterEach(cleanup);

const schema = z.object({
  name: z.string().trim().min(1, MESSAGES.NAME_REQUIRED),
  name_ar: z.string(),
  percent: z.string(),
});
type Values = z.infer<typeof schema>;

let form: ReturnType<typeof useForm<Values>> | null = null;
function Harness({ banner }: { banner?: string | null }) {
  const f = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", name_ar: "", percent: "" },
  });
  form = f;
  return (
    <form onSubmit={f.handleSubmit(() => undefined)} noValidate>
      <BilingualField form={f} names={["name", "name_ar"]} label="Name" required />
      <Field label="Percent" error={f.formState.errors.percent} {...f.register("percent")} />
      <ErrorList messages={[banner]} />
      <button type="submit">Save</button>
    </form>
  );
}

function Translated({ text }: { text: string }) {
  return <p>{useMessageText()(text)}</p>;
}

describe("form kit", () => {
  it("bilingual field: English and Arabic (rtl) side by side, 'Arabic missing' until filled", async () => {
    renderWithKit(<Harness />);
    const arabic = screen.getByLabelText("Name (Arabic)");
    expect(arabic.getAttribute("dir")).toBe("rtl");
    expect(screen.getByLabelText(/^Name \(English\)/).getAttribute("dir")).toBe("ltr");
    expect(screen.getByTestId("arabic-missing").textContent).toBe("Arabic missing");
    await userEvent.type(arabic, "بقلاوة");
    expect(screen.queryByTestId("arabic-missing")).toBeNull();
  });

  it("schema errors show SPEC's text on the field, translated in Arabic", async () => {
    renderWithKit(<Harness />, { lang: "ar" });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const name = screen.getByLabelText(/\(بالإنجليزية\)/);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    const errorId = name.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(errorId)?.textContent).toBe("الاسم مطلوب");
  });

  it("server field errors land on their fields; the rest becomes one banner", async () => {
    renderWithKit(<Harness />);
    const error = new ApiError(
      422,
      "The given data was invalid.",
      { percent: [MESSAGES.COUPON_PERCENT], elsewhere: ["Something else"] },
      null,
    );
    let banner: string | null = null;
    act(() => {
      banner = setServerErrors(error, form!.setError, ["name", "name_ar", "percent"], "Failed");
    });
    const percent = screen.getByLabelText("Percent");
    expect(document.getElementById(percent.getAttribute("aria-describedby")!)?.textContent).toBe(
      MESSAGES.COUPON_PERCENT,
    );
    expect(banner).toBe("The given data was invalid.");
  });

  it("only field errors: no banner; a network failure: the fallback", () => {
    renderWithKit(<Harness />);
    const onlyFields = new ApiError(422, "x", { percent: ["bad"] });
    act(() => {
      expect(setServerErrors(onlyFields, form!.setError, ["percent"], "Failed")).toBeNull();
    });
    expect(setServerErrors(new ApiError(0, "fetch failed"), form!.setError, [], "Failed")).toBe(
      "Failed",
    );
  });

  it("one translator: SPEC texts, 'Failed (status)' and unknown texts", () => {
    expect(messageKey(MESSAGES.NO_RESULTS)?.key).toBe("spec.NO_RESULTS");
    expect(messageKey("Failed (503)")).toEqual({ key: "spec.FAILED_STATUS", status: "503" });
    expect(messageKey(MESSAGES.EMAIL_PASSWORD_REQUIRED)?.key).toBe("emailPasswordRequired");
    expect(messageKey("Something new")).toBeUndefined();
    // An Object property's name is an unknown text too, not Object's own function.
    expect(messageKey("constructor")).toBeUndefined();
    expect(messageKey("toString")).toBeUndefined();
  });

  it.each([
    [
      "en",
      "Qatar is already in the zone Rest of the world.",
      "Qatar is already in the zone Rest of the world.",
    ],
    [
      "ar",
      "Qatar is already in the zone Rest of the world.",
      "قطر موجودة بالفعل في منطقة «Rest of the world».",
    ],
    [
      "ar",
      "Portugal is on the refused list; remove it there first.",
      "البرتغال في قائمة الدول المرفوضة؛ احذفها من هناك أولاً.",
    ],
    [
      "ar",
      "Germany is in the zone Europe (1 kg); remove it there first.",
      "ألمانيا موجودة في منطقة «Europe (1 kg)»؛ احذفها من هناك أولاً.",
    ],
  ] as const)("the zones' sentences naming a country, in %s: %s", async (lang, server, shown) => {
    renderWithKit(<Translated text={server} />, { lang });
    expect(await screen.findByText(shown)).toBeTruthy();
  });

  it("field kinds: select, textarea, checkbox, file", () => {
    renderWithKit(
      <div>
        <Field as="select" label="Unit" options={[{ value: "g", label: "g" }]} placeholder="—" />
        <Field as="textarea" label="Notes" />
        <Field as="checkbox" label="Active" />
        <Field as="file" label="Image" accept="image/*" />
      </div>,
    );
    expect(screen.getByLabelText("Unit").tagName).toBe("SELECT");
    expect(screen.getByLabelText("Notes").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("Active").getAttribute("type")).toBe("checkbox");
    expect(screen.getByLabelText("Image").getAttribute("type")).toBe("file");
  });

  it.each([
    ["en", "Choose file", "No file chosen"],
    ["ar", "اختر ملفاً", "لم يُختر أي ملف"],
  ] as const)(
    "a file field speaks the page's language, not the browser's (issue 29.17, %s)",
    async (lang, choose, none) => {
      const changed = vi.fn();
      renderWithKit(<Field as="file" label="Image" onChange={changed} />, { lang });
      expect(await screen.findByText(choose)).toBeTruthy();
      expect(screen.getByTestId("file-name").textContent).toBe(none);
      const input = screen.getByLabelText("Image") as HTMLInputElement;
      const file = new File(["x"], "baklava.webp", { type: "image/webp" });
      fireEvent.change(input, { target: { files: [file] } });
      expect(screen.getByTestId("file-name").textContent).toBe("baklava.webp");
      expect(changed).toHaveBeenCalledTimes(1);
    },
  );
});
