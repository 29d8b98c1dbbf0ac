/**
 * `/confirm-admin#<token>`: the page the administrator confirmation link opens (issue 15,
 * decision 262; issue 30, decision 379). Opening it changes nothing, whoever opens it (a mail
 * scanner's GET or HEAD included): the page asks for the password of the account that
 * registered the `ADMIN_EMAIL` address and POSTs it with the token (`POST /api/confirm_admin`,
 * same-origin checked like every change). The token sits in the URL's fragment, which browsers
 * never send, so it reaches neither the access log nor a Referer; a link mailed before decision
 * 379 carries it as `?token=`, which the page reads too.
 */
import { useEffect, useState } from "react";
import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import { AccountPasswordField, FormFooter, FormSuccess } from "../components/forms/index.ts";
import { useAccountForm } from "../components/forms/use-account-form.ts";
import { Link } from "../components/ui/link.tsx";
import { textLinkClass } from "../components/ui/styles.ts";
import { useT } from "../i18n/use-t.tsx";
import { ApiError, apiPost, errorMessage } from "../lib/api.ts";
import { localeOf, pageMeta } from "../lib/root-data.ts";
import type { Route } from "./+types/confirm-admin";

const schema = z.object({ pword: z.string().min(1, msg("Please enter your password.")) });
type Values = z.output<typeof schema>;
/** The fields whose server messages show beside them. */
const PASSWORD_FIELDS = ["pword"] as const;

export async function clientAction({ request }: Route.ClientActionArgs) {
  const values = (await request.json()) as Values & { token: string };
  try {
    const { msg } = await apiPost("/confirm_admin", values, MESSAGES.somethingWentWrong, {
      signal: request.signal,
    });
    return { ok: true as const, msg };
  } catch (error) {
    return {
      ok: false as const,
      gone: error instanceof ApiError && error.status === 404,
      error: errorMessage(error, MESSAGES.somethingWentWrong),
      errors: error instanceof ApiError ? error.errors : {},
    };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(
      matches,
      t("Confirm the administrator address"),
      t("Confirm that the site administrator's address is yours."),
    ),
    { name: "robots", content: "noindex" },
  ];
}

/** The link's token: the fragment, or the `token` parameter of a link mailed before decision 379. */
function tokenOfLink(location: Location): string {
  return location.hash.slice(1) || new URLSearchParams(location.search).get("token") || "";
}

export default function ConfirmAdmin({ actionData }: Route.ComponentProps) {
  const t = useT();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenOfLink(window.location)), []);
  const signIn = (
    <Link to="/manager" className={textLinkClass}>
      {t("Sign in")}
    </Link>
  );

  if (actionData?.ok) {
    return (
      <AccountPanel title={t("Address confirmed")} footer={signIn}>
        <FormSuccess message={actionData.msg} />
      </AccountPanel>
    );
  }
  if (actionData?.gone) {
    return (
      <AccountPanel title={t("Link not valid")} footer={signIn}>
        <p>{t(actionData.error)}</p>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel
      title={t("Confirm the administrator address")}
      lead={t(
        "This address is the one the site names as its administrator. Enter the password you registered with to make your account the site administrator. If you did not register, close this page: nothing changes without the account's password.",
      )}
      footer={signIn}
    >
      {token === "" ? (
        <p role="alert">{t("This page needs the whole link from the confirmation email.")}</p>
      ) : (
        <ConfirmForm token={token ?? ""} actionData={actionData} />
      )}
    </AccountPanel>
  );
}

function ConfirmForm({
  token,
  actionData,
}: {
  token: string;
  actionData: Route.ComponentProps["actionData"];
}) {
  const t = useT();
  const { field, busy, serverError, onSubmit } = useAccountForm({
    schema,
    defaultValues: { pword: "" },
    answer: actionData,
    serverFields: PASSWORD_FIELDS,
    extra: { token },
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-5">
      <AccountPasswordField {...field("pword")} />
      <FormFooter
        busy={busy}
        label={t("Confirm")}
        busyLabel={t("Confirming...")}
        error={serverError}
        buttonClassName="w-full"
      />
    </form>
  );
}
