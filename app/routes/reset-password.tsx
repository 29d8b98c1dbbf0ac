import { useEffect, useState } from "react";
import { redirect } from "react-router";
import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { newPasswordFields, passwordsMatch } from "../../shared/schemas.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import { FormError, FormFooter, NewPasswordFields, Spinner } from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { Link } from "../components/ui/link.tsx";
import { buttonClass, textLinkClass } from "../components/ui/styles.ts";
import { Trans, useT } from "../i18n/use-t.tsx";
import { ApiError, apiPost, errorMessage } from "../lib/api.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/reset-password";

const schema = z
  .object({
    ...newPasswordFields({
      pword: msg("Please enter a password."),
      cpword: msg("Please confirm your password."),
    }),
  })
  .refine(...passwordsMatch);
type Values = z.output<typeof schema>;
/** The fields whose server messages show beside them. */
const PASSWORD_FIELDS = ["pword", "cpword"] as const;

/** The server's answer to a dead link (server/features/accounts/password-reset.ts), as shown. */
const LINK_INVALID = msg(
  "This password reset link has expired or has already been used. Please ask for a new one.",
);

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as Values & { token: string };
  try {
    await apiPost("/reset_password", values, MESSAGES.somethingWentWrong, {
      signal: request.signal,
    });
  } catch (error) {
    return {
      error: errorMessage(error, MESSAGES.somethingWentWrong),
      errors: error instanceof ApiError ? error.errors : {},
    };
  }
  return redirect("/dashboard");
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Choose a new password"), t("Choose a new password for your account.")),
    { name: "robots", content: "noindex" },
  ];
}

type LinkState =
  | { state: "checking" }
  | { state: "good"; token: string }
  | { state: "bad"; msg: string };

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [link, setLink] = useState<LinkState>({ state: "checking" });

  useEffect(() => {
    const token = window.location.hash.slice(1);
    if (!token) {
      setLink({ state: "bad", msg: LINK_INVALID });
      return;
    }
    const controller = new AbortController();
    apiPost("/check_reset_link", { token }, MESSAGES.somethingWentWrong, {
      signal: controller.signal,
    })
      .then(() => setLink({ state: "good", token }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLink({ state: "bad", msg: errorMessage(error, MESSAGES.somethingWentWrong) });
      });
    return () => controller.abort();
  }, []);

  return (
    <AccountPanel
      title={t("Choose a new password")}
      footer={
        <Trans
          id="Back to <0>sign in</0>"
          components={{ 0: <Link to="/manager" className={textLinkClass} /> }}
        />
      }
    >
      {link.state === "checking" ? (
        <p role="status" className="flex items-center gap-2 text-slate-700">
          <Spinner />
          {t("Checking your link…")}
        </p>
      ) : link.state === "bad" ? (
        <div className="space-y-5">
          <FormError message={link.msg} />
          <Link to="/forgot-password" className={buttonClass("primary", "min-h-11 w-full")}>
            {t("Ask for a new link")}
          </Link>
        </div>
      ) : (
        <NewPasswordForm token={link.token} actionData={actionData} />
      )}
    </AccountPanel>
  );
}

function NewPasswordForm({
  token,
  actionData,
}: {
  token: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const t = useT();
  const { field, busy, serverError, onSubmit } = useAccountForm({
    schema,
    defaultValues: { pword: "", cpword: "" },
    answer: actionData,
    serverFields: PASSWORD_FIELDS,
    extra: { token },
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <p className="text-sm text-slate-600">
        {t("Choosing a new password signs you out on every other device.")}
      </p>
      <NewPasswordFields pword={field("pword")} cpword={field("cpword")} />
      <FormFooter
        busy={busy}
        label={t("Set new password")}
        busyLabel={t("Saving...")}
        error={serverError}
        buttonClassName="w-full"
      >
        {/* the server says it in the page's language, as the catalogue does */}
        {serverError === t(LINK_INVALID) ? (
          <Link to="/forgot-password" className={`block text-sm ${textLinkClass}`}>
            {t("Ask for a new link")}
          </Link>
        ) : null}
      </FormFooter>
    </form>
  );
}
