/**
 * Sign-in page, /manager (docs/product/screens.md, Login page; section 4, Login states; section 5: email
 * and password required). Heading 'Sign in to your account'; email and password; 'Remember me'
 * (a 30-day session instead of one that ends with the browser); 'Forgot password?' (to
 * /forgot-password, the reset request of decision 196); a link to
 * /registration. The button reads 'Sign in', then 'Signing in...' while the call runs; success
 * goes to /dashboard, failure shows the server's msg or 'Login failed' below the form.
 * A manager who is already signed in is offered the dashboard.
 *
 * The call is made by a `clientAction` (POST /api/login), so after it React Router reloads every
 * loader, the root one included, and the whole page knows who is signed in.
 */
// first: zod's configuration must precede every schema built here (shared/zod-setup.ts)
import "../../shared/zod-setup.ts";
import { redirect } from "react-router";
import type { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { loginFormSchema } from "../../shared/schemas.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import {
  AccountPasswordField,
  CheckboxField,
  EmailField,
  FormFooter,
} from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { ButtonLink } from "../components/ui/button-link.tsx";
import { Link } from "../components/ui/link.tsx";
import { textLinkClass } from "../components/ui/styles.ts";
import { requestContext } from "../context.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { apiPost, errorMessage } from "../lib/api.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/manager";

type LoginValues = z.output<typeof loginFormSchema>;

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  return { signedInAs: user?.name ?? null };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as LoginValues;
  try {
    const { home } = await apiPost("/login", values, MESSAGES.loginFailed, {
      signal: request.signal,
    });
    // an author account goes to its submissions (decision 400)
    return redirect(home === "/submissions" ? "/submissions" : "/dashboard");
  } catch (error) {
    return { error: errorMessage(error, MESSAGES.loginFailed) };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Sign in"), t("Sign in to the journal managers' dashboard.")),
    { name: "robots", content: "noindex" },
  ];
}

export default function Manager({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { register, field, busy, serverError, onSubmit } = useAccountForm({
    schema: loginFormSchema,
    defaultValues: { email: "", pword: "", remember: false },
    answer: actionData,
  });

  return (
    <AccountPanel
      title={t("Sign in to your account")}
      footer={
        <Trans
          id="No account yet? <0>Create an account</0>"
          components={{ 0: <Link to="/registration" className={textLinkClass} /> }}
        />
      }
    >
      {loaderData.signedInAs ? (
        <div className="mb-6 rounded-sm border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-950">
          <p>
            <Trans
              id="You are signed in as <0>{name}</0>."
              values={{ name: loaderData.signedInAs }}
              components={{ 0: <strong /> }}
            />
          </p>
          <ButtonLink to="/dashboard" className="mt-3">
            {t("Go to the dashboard")}
          </ButtonLink>
        </div>
      ) : null}

      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
        <EmailField label={t("Email")} autoComplete="username" required {...field("email")} />
        <AccountPasswordField {...field("pword")} />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <CheckboxField
            label={t("Remember me")}
            hint={t("Stay signed in for 30 days.")}
            {...register("remember")}
          />
          {/* The spec gives this link no target; it leads to the reset request (decision 196). */}
          <Link to="/forgot-password" className={`text-sm ${textLinkClass}`}>
            {t("Forgot password?")}
          </Link>
        </div>
        <FormFooter
          busy={busy}
          label={t("Sign in")}
          busyLabel={t("Signing in...")}
          error={serverError}
          buttonClassName="w-full"
        />
      </form>
    </AccountPanel>
  );
}
