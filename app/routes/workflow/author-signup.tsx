/**
 * `/author-signup`: an author's account (issue 31; decision 400): first and last name, email,
 * password; no passcode. A field hidden from people (`website`) catches bots, and the server
 * limits sign-ups per network. The answer says a confirmation link was mailed: the account signs
 * in once that link's page has confirmed the address.
 */
import { type FormEvent, useState } from "react";
import { MESSAGES } from "../../../shared/constants.ts";
import { translatorFor } from "../../../shared/i18n/translator.ts";
import { AccountPanel } from "../../components/account/account-panel.tsx";
import { EmailField, FormFooter, TextField } from "../../components/forms/index.ts";
import { Link } from "../../components/ui/link.tsx";
import { textLinkClass } from "../../components/ui/styles.ts";
import { useCall } from "../../components/workflow/parts.tsx";
import { useT } from "../../i18n/use-t.tsx";
import { apiPost } from "../../lib/api.ts";
import { localeOf, pageMeta } from "../../lib/root-data.ts";
import type { Route } from "./+types/author-signup";

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [
    ...pageMeta(
      matches,
      t("Sign up as an author"),
      t("Create an author account to submit papers."),
    ),
    { name: "robots", content: "noindex" },
  ];
}

export default function AuthorSignup() {
  const t = useT();
  const { busy, notice, run } = useCall(MESSAGES.somethingWentWrong);
  const [done, setDone] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const ok = await run(() =>
      apiPost(
        "/author_signup",
        {
          fname: text("fname"),
          lname: text("lname"),
          email: text("email"),
          pword: text("pword"),
          website: text("website"),
        },
        MESSAGES.somethingWentWrong,
      ),
    );
    setDone(ok);
  }
  const signIn = (
    <Link to="/manager" className={textLinkClass}>
      {t("Already have an account? Sign in")}
    </Link>
  );
  return (
    <AccountPanel
      kicker={t("Authors")}
      title={t("Sign up as an author")}
      lead={t("With an author account you submit papers to the journals and follow their review.")}
      footer={signIn}
    >
      {done && notice ? (
        <p role="status" className="text-emerald-900">
          {t(notice.msg)}
        </p>
      ) : (
        <form method="post" onSubmit={onSubmit} className="space-y-5">
          <TextField label={t("First name")} name="fname" autoComplete="given-name" required />
          <TextField label={t("Last name")} name="lname" autoComplete="family-name" required />
          <EmailField label={t("Email")} name="email" autoComplete="email" required />
          <TextField
            label={t("Password")}
            name="pword"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            hint={t("At least 8 characters.")}
          />
          {/* a honeypot: hidden from people and from assistive technology, filled by bots */}
          <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
            <label>
              {t("Website")}
              <input type="text" name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <FormFooter
            busy={busy}
            label={t("Sign up")}
            busyLabel={t("Signing up...")}
            notice={notice}
            buttonClassName="w-full"
          />
        </form>
      )}
    </AccountPanel>
  );
}
