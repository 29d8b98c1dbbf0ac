/**
 * `/confirm-email#<token>`: the page an author's confirmation link opens (issue 31; decision
 * 400). Opening it changes nothing (a mail scanner's GET or HEAD included, decision 379): its
 * button POSTs the token (`POST /api/confirm_author`), which confirms the address and signs the
 * author in; the page then leads to their submissions.
 */
import { useEffect, useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { AccountPanel } from "../../components/account/account-panel.tsx";
import { FormFooter } from "../../components/forms/index.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { useCall } from "../../components/workflow/parts.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { apiPost } from "../../lib/api.ts";
import { localeOf, pageMeta } from "../../lib/root-data.ts";
import type { Route } from "./+types/confirm-email";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(matches, t("Confirm your address"), t("Confirm your author account's address.")),
    { name: "robots", content: "noindex" },
  ];
}

export default function ConfirmEmail() {
  const t = useT();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(window.location.hash.slice(1)), []);
  const { busy, notice, run } = useCall(MESSAGES.somethingWentWrong);
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) {
    return (
      <AccountPanel kicker={t("Authors")} title={t("Address confirmed")}>
        <p role="status">{notice ? t(notice.msg) : null}</p>
        <div className="mt-5">
          <ButtonLink to="/submissions">{t("Go to your submissions")}</ButtonLink>
        </div>
      </AccountPanel>
    );
  }
  return (
    <AccountPanel
      kicker={t("Authors")}
      title={t("Confirm your address")}
      lead={t("Press the button to confirm that this address is yours and to sign in.")}
    >
      {token === "" ? (
        <p role="alert">{t("This page needs the whole link from the confirmation email.")}</p>
      ) : (
        <form
          method="post"
          onSubmit={async (event) => {
            event.preventDefault();
            setConfirmed(
              await run(() =>
                apiPost("/confirm_author", { token: token ?? "" }, MESSAGES.somethingWentWrong),
              ),
            );
          }}
        >
          <FormFooter
            busy={busy}
            label={t("Confirm my address")}
            busyLabel={t("Confirming...")}
            notice={notice}
            buttonClassName="w-full"
          />
        </form>
      )}
    </AccountPanel>
  );
}
