import { type BaseSyntheticEvent, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { setServerErrors } from "../form/server-errors.ts";
import { useToasts } from "../ui/toast.tsx";

/**
 * The save of an admin record form (add or edit in a dialog), the same for every record: the
 * form's values are checked, `save` sends them (create or update), then a success toast says
 * `doneText` and `onDone` closes the dialog. A failure keeps the dialog open: the server's field
 * errors land on the `fields` the form shows and whatever is left (a conflict, a network
 * failure, `failText` when the server says nothing) comes back as `banner` for its `ErrorList`.
 * A new attempt clears the last banner first, so an old failure never stands beside a new one.
 * A form that parses its inputs on save rather than through a resolver passes `check`: it puts
 * what is wrong on the fields and answers false, and then nothing is sent and the dialog stays.
 */
export function useRecordForm<TValues extends FieldValues, TSaved>({
  form,
  fields,
  check,
  save,
  doneText,
  failText,
  onDone,
}: {
  form: UseFormReturn<TValues, unknown, TSaved>;
  /**
   * The fields a server error may be shown beside; any other field's error goes to the banner.
   * A form whose fields come and go (a list of rows) passes a function of its values instead:
   * it is read when the failure comes, since the rows may have changed since this form rendered.
   */
  fields: readonly Path<TValues>[] | ((values: TValues) => readonly Path<TValues>[]);
  check?: (values: TSaved) => boolean;
  save: (values: TSaved) => Promise<unknown>;
  doneText: string;
  failText: string;
  onDone: () => void;
}): { banner: string | null; onSubmit: (event?: BaseSyntheticEvent) => void } {
  const toast = useToasts();
  const [banner, setBanner] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    if (check && !check(values)) return;
    try {
      await save(values);
      toast.success(doneText);
      onDone();
    } catch (error) {
      const shown = typeof fields === "function" ? fields(form.getValues()) : fields;
      setBanner(setServerErrors(error, form.setError, shown, failText));
    }
  });
  return { banner, onSubmit: (event) => void submit(event) };
}
