/**
 * /logout (docs/product/api.md, GET /logout: "success goes to /manager; failure ignored";
 * docs/product/screens.md, Dashboard: the 'Logout' link). The dashboard's Logout link signs out
 * in one click: a GET this site sent (the link, or the address typed in) ends the session and
 * loads /manager afresh (docs/decisions/265-one-click-sign-out.md). A full page load rather
 * than a client-side navigation, so nothing of the signed-in pages (loader data, the menu)
 * survives in memory. Signed out already: straight to /manager.
 *
 * A GET another site sent (issue 7: any site may link here) changes nothing: it shows this page,
 * 'You are signed in as …', with a 'Sign out' button whose POST ends the session
 * (server/features/accounts/sign-out.ts) unless it too comes from another site.
 */
import { data, Form, redirect, redirectDocument, useNavigation } from "react-router";
import { isOwnNavigation, signOut } from "../../server/features/accounts/sign-out.ts";
import { CROSS_SITE_MSG } from "../../server/http/guards.ts";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { translatorFor } from "../../shared/i18n/translator.ts";
import { AccountPanel } from "../components/account/account-panel.tsx";
import { Spinner } from "../components/forms/index.ts";
import { buttonClass } from "../components/ui/styles.ts";
import { appContext, requestContext } from "../context.ts";
import { useT } from "../i18n/use-t.tsx";
import { localeOf } from "../lib/root-data.ts";
import type { Route } from "./+types/logout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = context.get(requestContext);
  if (!user) throw redirect("/manager");
  const ctx = context.get(appContext);
  if (isOwnNavigation(ctx, request)) {
    const headers = await signOut(ctx, request);
    if (headers) throw redirectDocument("/manager", { headers });
  }
  return { name: user.name };
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context.get(appContext), request);
  // in the page's language here: a server message is not in the browser's catalogue
  const t = serverTranslator(context.get(requestContext).locale);
  if (!headers) return data({ error: t(CROSS_SITE_MSG) }, { status: 403 });
  return redirectDocument("/manager", { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  const t = translatorFor(localeOf(matches));
  return [{ title: t("Sign out") }, { name: "robots", content: "noindex" }];
}

export default function Logout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AccountPanel
      title={t("Sign out")}
      lead={t(
        "You are signed in as {name}. Nothing has changed yet: this sign-out link did not come from this site's own pages. Sign out here if you meant to.",
        { name: loaderData.name },
      )}
    >
      <Form method="post" className="space-y-4">
        {actionData?.error ? (
          <p role="alert" className="text-sm text-red-800">
            {actionData.error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className={buttonClass("primary", "min-h-11")}
        >
          {busy ? (
            <>
              <Spinner />
              {t("Signing out…")}
            </>
          ) : (
            t("Sign out")
          )}
        </button>
      </Form>
    </AccountPanel>
  );
}
