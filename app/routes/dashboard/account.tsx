/**
 * Your account, /dashboard/account (issue 8; decision 198): the signed-in manager's own name
 * and password, reached from 'Account' beside 'Hello {name}!' in the dashboard bar.
 *
 * - Your name: First name, Last name, 'Save name' (then 'Saving...'), POST /api/update_account;
 *   the greeting shows the new name at once.
 * - Change password: Current password, New password, Confirm new password, 'Change password'
 *   (then 'Changing...'), POST /api/change_password. Registration's rules apply (8 characters,
 *   equal entries, checked here first); success signs the account out everywhere else.
 *
 * The email address is shown, not editable. Each form shows its server msg below it (error or
 * success) and the server's field messages beside their fields. A failed load shows the
 * server's msg or 'Not Authorised to Access This Page' full-page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type FieldValues, type Path, type UseFormSetError, useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import type { AccountDetails } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { newPasswordFields, passwordsMatch } from "../../../shared/schemas.ts";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { FormError, FormSuccess, SubmitButton, TextField } from "../../components/forms/index.ts";
import { NewPasswordFields } from "../../components/forms/new-password-fields.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ApiError, apiPost, errorMessage } from "../../lib/api.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/account";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { account } = await get<{ account: AccountDetails }>("/dashboard/account");
    return account;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Your account");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading your account…" />;
}

type Notice = { ok: boolean; msg: string } | null;

/** Sends `values` to `path`; puts the server's field messages on `fields`. */
async function send<T extends FieldValues>(
  path: string,
  values: T,
  setError: UseFormSetError<T>,
): Promise<Notice> {
  try {
    const { msg } = await apiPost(path, values, MESSAGES.somethingWentWrong);
    return { ok: true, msg };
  } catch (error) {
    const msg = errorMessage(error, MESSAGES.somethingWentWrong);
    if (error instanceof ApiError) {
      for (const [field, message] of Object.entries(error.errors)) {
        if (field in values && message !== msg) {
          setError(field as Path<T>, { type: "server", message });
        }
      }
    }
    return { ok: false, msg };
  }
}

function FormNotice({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return notice.ok ? <FormSuccess message={notice.msg} /> : <FormError message={notice.msg} />;
}

export default function Account({ loaderData }: Route.ComponentProps) {
  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const account = loaderData.data;
  return (
    <DashboardScreen
      title="Your account"
      lead={
        <>
          Signed in as <strong className="break-all">{account.email}</strong>
        </>
      }
    >
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <NameForm account={account} />
        <PasswordForm />
      </div>
    </DashboardScreen>
  );
}

const nameSchema = z.object({
  fname: z
    .string()
    .trim()
    .min(1, "Please enter your first name.")
    .max(100, "This name is too long."),
  lname: z
    .string()
    .trim()
    .min(1, "Please enter your last name.")
    .max(100, "This name is too long."),
});
type NameValues = z.output<typeof nameSchema>;

function NameForm({ account }: { account: AccountDetails }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    defaultValues: { fname: account.fname, lname: account.lname },
  });
  const onSubmit = handleSubmit(
    async (values) => {
      setBusy(true);
      setNotice(null);
      const result = await send("/update_account", values, setError);
      // the greeting in the dashboard bar reads the new name
      if (result?.ok) await revalidator.revalidate();
      setNotice(result);
      setBusy(false);
    },
    () => setNotice(null),
  );
  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby="name-heading">
      <h2 id="name-heading" className="text-xl font-semibold">
        Your name
      </h2>
      <p className="mt-1 text-sm text-slate-600">Shown in the dashboard's greeting.</p>
      <form method="post" noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            error={errors.fname?.message}
            {...register("fname")}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lname?.message}
            {...register("lname")}
          />
        </div>
        <SubmitButton busy={busy} busyLabel="Saving..." className="w-full sm:w-auto">
          Save name
        </SubmitButton>
        <FormNotice notice={notice} />
      </form>
    </Card>
  );
}

const passwordSchema = z
  .object({
    current: z.string().min(1, "Please enter your current password."),
    ...newPasswordFields({
      pword: "Please enter a new password.",
      cpword: "Please confirm your new password.",
    }),
  })
  .refine(...passwordsMatch);
type PasswordValues = z.output<typeof passwordSchema>;

function PasswordForm() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { current: "", pword: "", cpword: "" },
  });
  const onSubmit = handleSubmit(
    async (values) => {
      setBusy(true);
      setNotice(null);
      const result = await send("/change_password", values, setError);
      if (result?.ok) reset();
      setNotice(result);
      setBusy(false);
    },
    () => setNotice(null),
  );
  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-xl font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        You stay signed in here; every other device is signed out.
      </p>
      <form method="post" noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        {/* lets password managers tie the new password to the account */}
        <input type="hidden" autoComplete="username" />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current?.message}
          {...register("current")}
        />
        <NewPasswordFields
          pword={register("pword")}
          cpword={register("cpword")}
          errors={{ pword: errors.pword?.message, cpword: errors.cpword?.message }}
        />
        <SubmitButton busy={busy} busyLabel="Changing..." className="w-full sm:w-auto">
          Change password
        </SubmitButton>
        <FormNotice notice={notice} />
      </form>
    </Card>
  );
}
