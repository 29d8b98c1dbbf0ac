/**
 * Registration page, /registration (docs/product/screens.md, Registration page; section 4, Registration
 * states; section 5: every field required, email of email type, equal passwords or 'Passwords
 * you entered do not match!'). Heading 'Create an account'; first name, last name, phone, email,
 * password, confirm password, admin passcode. The button reads 'Create account', then
 * 'Creating account...'; success shows 'Registration successful!' with a 'Please Wait ...'
 * spinner and goes to /manager after `REGISTRATION_REDIRECT_MS` (10 s, docs/product/constants.md); failure
 * shows the server's msg or 'Registration failed' below the form, and the server's field
 * messages beside their fields. A link to /manager is offered for login.
 *
 * Invitations (issue 8; docs/decisions/191-invitations.md): `/registration?invite=<token>` is
 * the link an administrator mailed. The server loader reads the invitation; the form then shows
 * the invited address (read-only) and no passcode field, and posts to /api/register_invited.
 * A used or expired link shows why, and the ordinary form with the passcode.
 *
 * Without `ADMIN_PASSCODE` registration is closed (docs/product/api.md): the page says so at once
 * instead of showing a form that could only fail (issue 15); an invitation link still works.
 */
// first: zod's configuration must precede every schema built here (shared/zod-setup.ts)
import "../../shared/zod-setup.ts";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { invitationEmail } from "../../server/features/accounts/invitations.ts";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { AppError } from "../../server/services/errors.ts";
import { MESSAGES, REGISTRATION_REDIRECT_MS } from "../../shared/constants.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { registrationFormSchema } from "../../shared/schemas.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import {
  EmailField,
  FormError,
  FormFooter,
  FormSuccess,
  NewPasswordFields,
  Spinner,
  TextField,
} from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { Link } from "../components/ui/link.tsx";
import { textLinkClass } from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { ApiError, apiPost, errorMessage } from "../lib/api.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/registration";

type RegistrationValues = z.output<typeof registrationFormSchema>;
type FieldName = keyof RegistrationValues;
const FIELDS: FieldName[] = ["fname", "lname", "phone", "email", "pword", "cpword", "admincode"];
/** The password fields' labels where an account is created. */
const PASSWORD_LABELS = [msg("Password"), msg("Confirm password")] as const;

/**
 * The invitation of `?invite=`, read on the server: its address, or why it cannot be used (in
 * the page's language: a server message is not in the browser's catalogue, decision 382).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const open = Boolean(ctx.config.adminPasscode);
  const token = new URL(request.url).searchParams.get("invite");
  if (!token) return { open, invite: null };
  try {
    const email = await invitationEmail(ctx, token);
    return { open, invite: { token, email, error: null } };
  } catch (error) {
    // a dead link is said on the page; anything else (the database away) is the page's error
    if (!(error instanceof AppError)) throw error;
    const t = serverTranslator(context.get(requestContext).locale);
    return { open, invite: { token: "", email: "", error: t(error.message) } };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { invite, admincode, ...values } = (await request.json()) as RegistrationValues;
  const call = invite
    ? apiPost(
        "/register_invited",
        {
          fname: values.fname,
          lname: values.lname,
          phone: values.phone,
          pword: values.pword,
          cpword: values.cpword,
          invite,
        },
        MESSAGES.registrationFailed,
        { signal: request.signal },
      )
    : apiPost("/register", { ...values, admincode }, MESSAGES.registrationFailed, {
        signal: request.signal,
      });
  try {
    const { msg } = await call;
    return { ok: true as const, msg };
  } catch (error) {
    return {
      ok: false as const,
      error: errorMessage(error, MESSAGES.registrationFailed),
      errors: error instanceof ApiError ? error.errors : {},
    };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Create an account"), t("Register as a journal manager.")),
    { name: "robots", content: "noindex" },
  ];
}

export default function Registration({ actionData, loaderData }: Route.ComponentProps) {
  const t = useT();
  const invitation = loaderData.invite?.error === null ? loaderData.invite : null;
  const invitationError = loaderData.invite?.error ?? undefined;
  // closed to the passcode; an invited manager still registers
  const closed = !loaderData.open && invitation === null;
  const navigate = useNavigate();
  const succeeded = actionData?.ok === true;
  const { field, busy, serverError, onSubmit } = useAccountForm({
    schema: registrationFormSchema,
    answer: actionData,
    serverFields: FIELDS,
    defaultValues: {
      fname: "",
      lname: "",
      phone: "",
      email: invitation?.email ?? "",
      pword: "",
      cpword: "",
      admincode: "",
      invite: invitation?.token ?? "",
    },
  });

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate("/manager"), REGISTRATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  return (
    <AccountPanel
      title={t("Create an account")}
      lead={
        invitation
          ? t("You were invited to manage journals here: no passcode is needed.")
          : t(
              "Journal managers register with the admin passcode their site's administrators gave them.",
            )
      }
      width="max-w-xl"
      footer={
        <Trans
          id="Already have an account? <0>Login</0>"
          components={{ 0: <Link to="/manager" className={textLinkClass} /> }}
        />
      }
    >
      {closed ? (
        <div className="space-y-3">
          {invitationError ? <FormError message={invitationError} /> : null}
          <p role="status" className="rounded-sm border border-amber-300 bg-amber-50 px-4 py-3">
            {t(MESSAGES.registrationClosed)}
          </p>
          <p className="text-sm text-slate-700">
            {t("A site administrator can invite you by email instead.")}
          </p>
        </div>
      ) : succeeded ? (
        <FormSuccess message={actionData.msg || MESSAGES.registrationSuccessful}>
          <p className="mt-2 flex items-center gap-2">
            <Spinner />
            {t("Please Wait ...")}
          </p>
        </FormSuccess>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          {invitationError ? <FormError message={invitationError} /> : null}
          <p className="text-sm text-slate-600">{t("All fields are required.")}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label={t("First name")}
              autoComplete="given-name"
              required
              {...field("fname")}
            />
            <TextField
              label={t("Last name")}
              autoComplete="family-name"
              required
              {...field("lname")}
            />
            <TextField
              label={t("Phone")}
              type="tel"
              autoComplete="tel"
              required
              {...field("phone")}
            />
            <EmailField
              label={t("Email")}
              autoComplete="email"
              required
              readOnly={invitation !== null}
              hint={invitation ? t("The address you were invited at.") : undefined}
              {...field("email")}
            />
            <NewPasswordFields
              pword={field("pword")}
              cpword={field("cpword")}
              labels={PASSWORD_LABELS}
            />
          </div>
          {invitation ? null : (
            <TextField
              label={t("Admin passcode")}
              type="password"
              autoComplete="off"
              required
              {...field("admincode")}
            />
          )}
          <FormFooter
            busy={busy}
            label={t("Create account")}
            busyLabel={t("Creating account...")}
            error={serverError}
            buttonClassName="w-full sm:w-auto"
          />
        </form>
      )}
    </AccountPanel>
  );
}
