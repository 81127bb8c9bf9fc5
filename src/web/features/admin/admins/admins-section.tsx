import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type FieldError, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { ADMIN_ROLES, ADMINS_MESSAGES } from "../../../../shared/domain/admins.ts";
import {
  type PasswordChangeInput,
  passwordChangeSchema,
} from "../../../../shared/schemas/account.ts";
import {
  type AdminUpdateInput,
  type AdminUser,
  adminRolesField,
  adminUpdateSchema,
} from "../../../../shared/schemas/admins.ts";
import { type RegisterInput, registerSchema } from "../../../../shared/schemas/auth.ts";
import { DeleteDialog } from "../../../components/admin/delete-dialog.tsx";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useChangeAdminPassword } from "./api/change-password.ts";
import { useCreateAdmin } from "./api/create-admin.ts";
import { useDeleteAdmin } from "./api/delete-admin.ts";
import { useAdmins } from "./api/list-admins.ts";
import { useUpdateAdmin } from "./api/update-admin.ts";

/** The section's own failure texts, translated with the admin rules in its namespace. */
const ADMINS_FALLBACKS = {
  LOAD_FAILED: "Failed to load admins",
  ADD_FAILED: "Failed to add the admin",
  REMOVE_FAILED: "Failed to remove the admin",
  PASSWORD_FAILED: "Failed to change the password",
  ROLES_FAILED: "Failed to change the roles",
};
registerMessages({ ...ADMINS_MESSAGES, ...ADMINS_FALLBACKS }, (id) => `admin-admins:errors.${id}`);

/** The add form: what registering takes, and one or more roles. */
const addSchema = registerSchema.safeExtend({ roles: adminRolesField });
type AddInput = RegisterInput & { roles: AdminUpdateInput["roles"] };

/**
 * The admins with their roles (list, add, change roles, remove; never the
 * last admin, never the last owner) and your own password.
 */
export function AdminsSection() {
  const { t } = useTranslation(["admin-admins", "admin", "messages"]);
  const text = useMessageText();
  const list = useAdmins();
  const remove = useDeleteAdmin();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const only = (list.data?.data.length ?? 0) <= 1;

  const columns: Column<AdminUser>[] = [
    {
      key: "name",
      header: t("name"),
      cell: (a) => (
        <>
          {a.name}
          {a.current ? <span className="ms-2 text-sm text-muted">({t("you")})</span> : null}
        </>
      ),
    },
    { key: "email", header: t("email"), cell: (a) => <bdi dir="ltr">{a.email}</bdi> },
    {
      key: "roles",
      header: t("roles"),
      cell: (a) => (
        <span data-testid="admin-roles">
          {a.roles.map((role) => t(`admin:roles.${role}`)).join(t("listSeparator"))}
        </span>
      ),
    },
    {
      key: "actions",
      header: t("admin:actions.actions"),
      cell: (a) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t("changeRolesNamed", { name: a.name })}
            onClick={() => setEditing(a)}
          >
            {t("changeRoles")}
          </button>
          {a.current || only ? null : (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                remove.reset();
                setRemoving(a);
              }}
            >
              {t("remove")}
              <span className="sr-only"> {a.name}</span>
            </button>
          )}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="admins-title" className="flex flex-col gap-6">
      <h2 id="admins-title" className="text-2xl font-bold">
        {t("title")}
      </h2>
      <DataTable
        caption={t("title")}
        columns={columns}
        rows={list.data?.data}
        rowKey={(a) => a.id}
        loading={list.isPending}
        error={list.error ? text(list.error.message) : null}
        onRetry={() => void list.refetch()}
        emptyText={t("empty")}
        testId="admins-table"
        toolbar={
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            {t("add")}
          </button>
        }
      />
      <Dialog open={adding} onOpenChange={setAdding} title={t("addTitle")} testId="admin-dialog">
        {adding ? <AddAdminForm onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={t("rolesTitle", { name: editing?.name ?? "" })}
        testId="admin-roles-dialog"
      >
        {editing ? <RolesForm admin={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <DeleteDialog
        target={removing}
        onClose={() => setRemoving(null)}
        title={t("removeTitle")}
        description={t("removeText", { name: removing?.name ?? "" })}
        confirmLabel={t("remove")}
        mutation={remove}
        doneText={() => t("removed")}
      />
      <PasswordForm />
    </section>
  );
}

/** The four roles as checkboxes, each named in the page's language with what it opens. */
function RolesField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn<"roles">;
  error: Pick<FieldError, "message"> | undefined;
}) {
  const { t } = useTranslation(["admin-admins", "admin"]);
  const text = useMessageText();
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby="admin-roles-hint"
      aria-invalid={error?.message ? true : undefined}
    >
      <legend className="font-semibold">{t("roles")}</legend>
      <p id="admin-roles-hint" className="text-sm text-muted">
        {t("rolesHint")}
      </p>
      {ADMIN_ROLES.map((role) => (
        <label key={role} className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-gold-dark"
            value={role}
            {...registration}
          />
          <span>
            <span className="font-semibold">{t(`admin:roles.${role}`)}</span>
            <span className="block text-sm text-muted">{t(`roleHints.${role}`)}</span>
          </span>
        </label>
      ))}
      {error?.message ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {text(error.message)}
        </p>
      ) : null}
    </fieldset>
  );
}

function RolesForm({ admin, onDone }: { admin: AdminUser; onDone: () => void }) {
  const { t } = useTranslation(["admin-admins", "messages"]);
  const update = useUpdateAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<AdminUpdateInput>({
    resolver: zodResolver(adminUpdateSchema),
    defaultValues: { roles: admin.roles },
  });
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: ["roles"],
    save: (values) => update.mutateAsync({ id: admin.id, roles: values.roles }),
    doneText: t("rolesSaved"),
    failText: "Failed to change the roles",
    onDone: () => {
      onDone();
      // Your own roles changed: the menu and this screen follow at once (going to the same
      // address runs the layout's loader again, which reads them).
      if (admin.current) void navigate(location.pathname + location.search, { replace: true });
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <RolesField registration={form.register("roles")} error={form.formState.errors.roles} />
      <RecordFormActions banner={banner} onCancel={onDone} pending={update.isPending} />
    </form>
  );
}

const ADD_FIELDS = ["name", "email", "password", "password_confirmation", "roles"] as const;

function AddAdminForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(["admin-admins", "messages"]);
  const create = useCreateAdmin();
  const form = useForm<AddInput>({
    resolver: zodResolver(addSchema),
    defaultValues: { name: "", email: "", password: "", password_confirmation: "", roles: [] },
  });
  const { errors } = form.formState;
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: ADD_FIELDS,
    save: (values) => create.mutateAsync(values),
    doneText: t("added"),
    failText: "Failed to add the admin",
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={t("name")} required error={errors.name} {...form.register("name")} />
      <Field
        label={t("email")}
        type="email"
        dir="ltr"
        autoComplete="off"
        required
        error={errors.email}
        {...form.register("email")}
      />
      <Field
        label={t("password")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...form.register("password")}
      />
      <Field
        label={t("confirm")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...form.register("password_confirmation")}
      />
      <RolesField registration={form.register("roles")} error={errors.roles} />
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={create.isPending}
        saveLabel={t("add")}
      />
    </form>
  );
}

const PASSWORD_FIELDS = ["current_password", "password", "password_confirmation"] as const;

function PasswordForm() {
  const { t } = useTranslation(["admin-admins", "messages"]);
  const toast = useToasts();
  const change = useChangeAdminPassword();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await change.mutateAsync(values);
      form.reset();
      toast.success(t("passwordChanged"));
    } catch (error) {
      setBanner(
        setServerErrors(error, form.setError, PASSWORD_FIELDS, "Failed to change the password"),
      );
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex max-w-md flex-col gap-4 rounded-lg border border-line bg-white p-4"
      aria-labelledby="password-title"
    >
      <h3 id="password-title" className="text-lg font-bold">
        {t("passwordTitle")}
      </h3>
      <p className="text-sm text-muted">{t("passwordHint")}</p>
      <Field
        label={t("current")}
        type="password"
        autoComplete="current-password"
        required
        error={errors.current_password}
        {...form.register("current_password")}
      />
      <Field
        label={t("newPassword")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        {...form.register("password")}
      />
      <Field
        label={t("confirm")}
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation}
        {...form.register("password_confirmation")}
      />
      <ErrorList messages={[banner]} />
      <SubmitButton pending={change.isPending} className="btn btn-primary self-start">
        {t("changePassword")}
      </SubmitButton>
    </form>
  );
}
