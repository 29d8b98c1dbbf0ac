/**
 * Your account, /dashboard/account (issue 8; decision 198): the signed-in manager's own name
 * and password, reached from 'Account' beside 'Hello {name}!' in the dashboard bar.
 *
 * - Your name: First name, Last name, 'Save name' (then 'Saving...'), POST /api/update_account;
 *   the greeting shows the new name at once.
 * - Language (issue 32; decision 431): the interface languages by their own names, 'Save
 *   language' (then 'Saving...'), POST /api/update_account with the stored name and `locale`.
 *   The site mails the account in it, and the server sets the `lang` cookie: the browser
 *   registers that language's catalogue before the screen reloads, so the whole dashboard
 *   changes language at once, this screen included.
 * - Change password: Current password, New password, Confirm new password, 'Change password'
 *   (then 'Changing...'), POST /api/change_password. Registration's rules apply (8 characters,
 *   equal entries, checked here first); success signs the account out everywhere else.
 *
 * The email address is shown, not editable. Each form shows its server msg below it (error or
 * success) and the server's field messages beside their fields. A failed load shows the
 * server's msg or 'Not Authorised to Access This Page' full-page.
 */
import { z } from "zod";
import { MESSAGES } from "../../../shared/constants.ts";
import {
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  type RenderLocale,
} from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { hasCatalogue, registerCatalogue } from "../../../shared/i18n/translator.ts";
import { newPasswordFields, passwordsMatch } from "../../../shared/schemas.ts";
import { formAction } from "../../components/dashboard/form-action.ts";
import { FormCard, type FormCardText } from "../../components/dashboard/form-card.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import { useNoticeForm } from "../../components/dashboard/use-notice-form.ts";
import { NewPasswordFields, SelectField, TextField } from "../../components/forms/index.ts";
import { useSchemaForm } from "../../components/forms/use-schema-form.ts";
import { Trans, useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/account";

export const clientLoader = screenLoader(async (get) => {
  const { account } = await get("/dashboard/account");
  return account;
});

type Account = Route.ComponentProps["loaderData"];

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Your account"));
}

export const HydrateFallback = screenFallback(msg("Loading your account…"));
export const ErrorBoundary = ScreenErrorBoundary;

/** The form whose answer may change the page's language. */
const LANGUAGE_INTENT = "language";

const accountAction = formAction((intent) => ({
  path: intent === "password" ? "/change_password" : "/update_account",
  failure: MESSAGES.somethingWentWrong,
}));

/**
 * The page's calls (`name`, `language`, `password`). A saved language is the page's from now on
 * (the server set the `lang` cookie): its catalogue is registered before React Router reloads
 * the page's data, the root's language with it, so nothing renders in a language whose texts
 * the browser lacks.
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const sent = (await args.request.clone().json()) as { intent?: unknown; locale?: unknown };
  const answer = await accountAction(args);
  const saved = (answer as { ok?: unknown }).ok === true;
  if (saved && sent.intent === LANGUAGE_INTENT && isLocale(sent.locale)) {
    await loadCatalogue(sent.locale);
  }
  return answer;
}

/** Registers `locale`'s catalogue in the browser, once (app/entry.client.tsx loads the first). */
async function loadCatalogue(locale: RenderLocale): Promise<void> {
  if (hasCatalogue(locale)) return;
  // the browser build's chunks (scripts/vite-catalogues.ts), imported when first needed
  const { default: catalogues } = await import("virtual:athenaeum/catalogues");
  const load = catalogues[locale];
  if (load) registerCatalogue(locale, (await load()).default);
}

export default function AccountScreen({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const account = loaderData;
  return (
    <DashboardScreen
      title={t("Your account")}
      lead={
        <Trans
          id="Signed in as <0>{email}</0>"
          values={{ email: account.email }}
          components={{ 0: <strong className="break-all" /> }}
        />
      }
    >
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <NameForm account={account} />
        <LanguageForm account={account} />
        <PasswordForm />
      </div>
    </DashboardScreen>
  );
}

const nameSchema = z.object({
  fname: z
    .string()
    .trim()
    .min(1, msg("Please enter your first name."))
    .max(100, msg("This name is too long.")),
  lname: z
    .string()
    .trim()
    .min(1, msg("Please enter your last name."))
    .max(100, msg("This name is too long.")),
});

function NameForm({ account }: { account: Account }) {
  const t = useT();
  const text: FormCardText = {
    title: t("Your name"),
    lead: t("Shown in the dashboard's greeting."),
    submit: t("Save name"),
    busy: t("Saving..."),
  };
  const defaultValues = { fname: account.fname, lname: account.lname };
  // the greeting in the dashboard bar reads the new name once the page has reloaded
  const form = useNoticeForm("name", useSchemaForm(nameSchema, defaultValues));
  return (
    <FormCard id="name-heading" text={text} form={form}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("First name")}
          autoComplete="given-name"
          required
          {...form.field("fname")}
        />
        <TextField
          label={t("Last name")}
          autoComplete="family-name"
          required
          {...form.field("lname")}
        />
      </div>
    </FormCard>
  );
}

const languageSchema = z.object({ locale: z.enum(LOCALES) });

/** The account's language: the interface languages, each by its own name, in its own language. */
function LanguageForm({ account }: { account: Account }) {
  const t = useT();
  const text: FormCardText = {
    title: t("Language"),
    lead: t("The dashboard and the emails the site sends you are in this language."),
    submit: t("Save language"),
    busy: t("Saving..."),
  };
  const form = useNoticeForm(
    LANGUAGE_INTENT,
    useSchemaForm(languageSchema, { locale: account.locale }),
    // the call's fields are the spec's: the stored name goes with the language
    { body: ({ locale }) => ({ fname: account.fname, lname: account.lname, locale }) },
  );
  return (
    <FormCard id="language-heading" text={text} form={form}>
      <SelectField label={t("Language")} {...form.field("locale")}>
        {LOCALES.map((locale: Locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
    </FormCard>
  );
}

const passwordSchema = z
  .object({
    current: z.string().min(1, msg("Please enter your current password.")),
    ...newPasswordFields({
      pword: msg("Please enter a new password."),
      cpword: msg("Please confirm your new password."),
    }),
  })
  .refine(...passwordsMatch);

function PasswordForm() {
  const t = useT();
  const text: FormCardText = {
    title: t("Change password"),
    lead: t("You stay signed in here; every other device is signed out."),
    submit: t("Change password"),
    busy: t("Changing..."),
  };
  const defaultValues = { current: "", pword: "", cpword: "" };
  const rhf = useSchemaForm(passwordSchema, defaultValues);
  const form = useNoticeForm("password", rhf, { onSuccess: () => rhf.reset() });
  return (
    <FormCard id="password-heading" text={text} form={form}>
      {/* lets password managers tie the new password to the account */}
      <input type="hidden" autoComplete="username" />
      <TextField
        label={t("Current password")}
        type="password"
        autoComplete="current-password"
        required
        {...form.field("current")}
      />
      <NewPasswordFields pword={form.field("pword")} cpword={form.field("cpword")} />
    </FormCard>
  );
}
