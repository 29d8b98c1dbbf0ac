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
import { z } from "zod";
import type { AccountDetails } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { newPasswordFields, passwordsMatch } from "../../../shared/schemas.ts";
import { formAction } from "../../components/dashboard/form-action.ts";
import { FormCard, type FormCardText } from "../../components/dashboard/form-card.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useNoticeForm } from "../../components/dashboard/use-notice-form.ts";
import { NewPasswordFields, TextField } from "../../components/forms/index.ts";
import { useSchemaForm } from "../../components/forms/use-schema-form.ts";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/account";

export const clientLoader = screenLoader(async (get) => {
  const { account } = await get("/dashboard/account");
  return account;
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Your account");
}

export const HydrateFallback = screenFallback("Loading your account…");
export const ErrorBoundary = ScreenErrorBoundary;

export const clientAction = formAction((intent) => ({
  path: intent === "password" ? "/change_password" : "/update_account",
  failure: MESSAGES.somethingWentWrong,
}));

export default function Account({ loaderData }: Route.ComponentProps) {
  const account = loaderData;
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

const NAME_TEXT: FormCardText = {
  title: "Your name",
  lead: "Shown in the dashboard's greeting.",
  submit: "Save name",
  busy: "Saving...",
};

function NameForm({ account }: { account: AccountDetails }) {
  const defaultValues = { fname: account.fname, lname: account.lname };
  // the greeting in the dashboard bar reads the new name once the page has reloaded
  const form = useNoticeForm("name", useSchemaForm(nameSchema, defaultValues));
  return (
    <FormCard id="name-heading" text={NAME_TEXT} form={form}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...form.field("fname")} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field("lname")} />
      </div>
    </FormCard>
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

const PASSWORD_TEXT: FormCardText = {
  title: "Change password",
  lead: "You stay signed in here; every other device is signed out.",
  submit: "Change password",
  busy: "Changing...",
};

function PasswordForm() {
  const defaultValues = { current: "", pword: "", cpword: "" };
  const rhf = useSchemaForm(passwordSchema, defaultValues);
  const form = useNoticeForm("password", rhf, { onSuccess: () => rhf.reset() });
  return (
    <FormCard id="password-heading" text={PASSWORD_TEXT} form={form}>
      {/* lets password managers tie the new password to the account */}
      <input type="hidden" autoComplete="username" />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        {...form.field("current")}
      />
      <NewPasswordFields pword={form.field("pword")} cpword={form.field("cpword")} />
    </FormCard>
  );
}
