import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import { EmailField, FormFooter, FormSuccess } from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { Link } from "../components/ui/link.tsx";
import { textLinkClass } from "../components/ui/styles.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { apiPost, errorMessage } from "../lib/api.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/forgot-password";

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg("Please enter your email address."))
    .pipe(z.email(msg("Please enter a valid email address."))),
});
type Values = z.output<typeof schema>;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as Values;
  try {
    const { msg } = await apiPost("/forgot_password", values, MESSAGES.somethingWentWrong, {
      signal: request.signal,
    });
    return { ok: true as const, msg };
  } catch (error) {
    return { ok: false as const, error: errorMessage(error, MESSAGES.somethingWentWrong) };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Reset your password"), t("Ask for a link to choose a new password.")),
    { name: "robots", content: "noindex" },
  ];
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { field, busy, serverError, onSubmit } = useAccountForm({
    schema,
    defaultValues: { email: "" },
    answer: actionData,
  });

  return (
    <AccountPanel
      title={t("Reset your password")}
      lead={t(
        "Enter the email address of your manager account. We will send it a link to choose a new password.",
      )}
      footer={
        <Trans
          id="Remembered it? <0>Back to sign in</0>"
          components={{ 0: <Link to="/manager" className={textLinkClass} /> }}
        />
      }
    >
      {actionData?.ok ? (
        <FormSuccess message={t("Check your email")}>
          <p className="mt-1">{actionData.msg}</p>
        </FormSuccess>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          <EmailField label={t("Email")} autoComplete="username" required {...field("email")} />
          <FormFooter
            busy={busy}
            label={t("Send reset link")}
            busyLabel={t("Sending...")}
            error={serverError}
            buttonClassName="w-full"
          />
        </form>
      )}
    </AccountPanel>
  );
}
