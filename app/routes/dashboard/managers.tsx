/**
 * Managers, /dashboard/managers: the site administrator's screen of the accounts (issue 8,
 * "Roles and ownership"; docs/decisions/190-roles-and-ownership.md and 192-managers-screen.md).
 * Loaded from GET /api/dashboard/managers; a journal manager gets its 403 msg full-page.
 *
 * - Each account: name, email, role ('Site administrator' / 'Journal manager'), 'Disabled';
 *   a journal manager's journals and proceedings, each with 'Unassign', and a menu to assign
 *   another (POST /api/manager_journal/{id}, /api/manager_proceeding/{id});
 * - 'Make administrator' / 'Make journal manager' and 'Disable account' (after a confirmation:
 *   the account is signed out at once) / 'Enable account' (POST /api/manager_account/{id});
 * - 'Invite a manager': an email address, POST /api/invite_manager, which mails a one-time link;
 * - 'Pending invitations' below it (issue 34, decision 511): each unused, unexpired invitation
 *   with its address, who sent it, when, and until when it works, and 'Revoke' (after a
 *   confirmation; POST /api/revoke_invitation/{id}), after which its link is refused.
 *
 * Every answer's msg is shown above the list (a refusal such as the last-administrator rule in
 * red, else 'Something went wrong.'); the list reloads after each change.
 */
import { useId, useRef, useState } from "react";
import type { ManagerAccount, ManagersScreen, PendingInvitation } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { formatDate } from "../../../shared/i18n/intl.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { dangerOutlineClass, useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { ListAndPanel } from "../../components/dashboard/list-and-panel.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import {
  controlClass,
  FormNotice,
  labelClass,
  type Notice,
  SubmitButton,
} from "../../components/forms/index.ts";
import { Card } from "../../components/ui/card.tsx";
import { badgeClass, buttonClass } from "../../components/ui/styles.ts";
import { Trans, useLocale, useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/managers";

export const clientLoader = screenLoader(async (get) => {
  const { managers, journals, proceedings, me, invitations } = await get("/dashboard/managers");
  return { managers, journals, proceedings, me, invitations };
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Managers"));
}

export const HydrateFallback = screenFallback(msg("Loading the accounts…"));
export const ErrorBoundary = ScreenErrorBoundary;

/** An account change's API call by its intent `{call}:{account id}`. */
const CHANGES = {
  account: "POST /manager_account/:user",
  journal: "POST /manager_journal/:user",
  proceeding: "POST /manager_proceeding/:user",
} as const;

/**
 * The page's calls: `invite` (POST /api/invite_manager), `revoke:{id}` (POST
 * /api/revoke_invitation/{id}), and the account changes `account|journal|proceeding:{id}`, after
 * which the list reloads whatever the answer.
 */
export const clientAction = formAction((intent) => {
  const [call = "", user = ""] = intent.split(":");
  const failure = MESSAGES.somethingWentWrong;
  if (call === "revoke") {
    const path = pathOf("POST /revoke_invitation/:invitation", { invitation: user });
    return { path, failure, reloadOnFailure: true };
  }
  if (!Object.hasOwn(CHANGES, call)) return { path: "/invite_manager", failure };
  const key = CHANGES[call as keyof typeof CHANGES];
  return { path: pathOf(key, { user }), failure, reloadOnFailure: true };
});

/** Sends one account change (an intent of {@link clientAction}); done once the list reloaded. */
type Change = (intent: string, body: Record<string, unknown>) => Promise<void>;

export default function Managers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const action = useFormAction();
  const busy = action.busy;
  const screen = loaderData;
  const change: Change = action.submit;

  const admins = screen.managers.filter((m) => m.role === "admin" && !m.disabled).length;

  return (
    <DashboardScreen
      title={t("Managers")}
      lead={t(
        "Site administrators see and edit everything; journal managers only the journals and proceedings assigned to them, and those they create.",
      )}
    >
      <ListAndPanel
        headingId="accounts-title"
        heading={t("Accounts")}
        count={screen.managers.length}
        notice={action.notice}
        panel={
          <>
            <InviteForm />
            <PendingInvitations invitations={screen.invitations} />
          </>
        }
        panelFirstOnPhone
      >
        <ul aria-label={t("Accounts")} className="space-y-4">
          {screen.managers.map((account) => (
            <li key={account.id} data-account={account.id}>
              <AccountCard
                account={account}
                screen={screen}
                isMe={account.id === screen.me}
                lastAdmin={account.role === "admin" && !account.disabled && admins <= 1}
                busy={busy}
                change={change}
              />
            </li>
          ))}
        </ul>
      </ListAndPanel>
    </DashboardScreen>
  );
}

function AccountCard({
  account,
  screen,
  isMe,
  lastAdmin,
  busy,
  change,
}: {
  account: ManagerAccount;
  screen: ManagersScreen;
  isMe: boolean;
  lastAdmin: boolean;
  busy: boolean;
  change: Change;
}) {
  const t = useT();
  const isAdmin = account.role === "admin";
  // the dashboard's one confirmation dialog (issue 15: this was the browser's confirm())
  const { ask, dialog } = useConfirm();
  const disable = async () => {
    const ok = await ask({
      title: t("Disable this account?"),
      message: t(
        "Disable {name}'s account? They are signed out at once and cannot sign in until it is enabled again.",
        { name: account.name },
      ),
      detail: account.email,
      confirmLabel: t("Disable"),
    });
    if (ok) void change(`account:${account.id}`, { disabled: true });
  };
  return (
    <Card as="article" className={`px-4 py-4 sm:px-5 ${account.disabled ? "bg-slate-50" : ""}`}>
      {dialog}
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-snug break-words text-slate-900">
            {account.name}
            {isMe ? <span className="font-sans text-sm text-slate-600"> {t("(you)")}</span> : null}
          </h3>
          <p className="text-sm break-all text-slate-700">{account.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className={badgeClass}>
            {isAdmin ? t("Site administrator") : t("Journal manager")}
          </span>
          {account.disabled ? (
            <span className={`${badgeClass} bg-red-50 text-red-800 ring-red-200`}>
              {t("Disabled")}
            </span>
          ) : null}
        </div>
      </div>

      {isAdmin ? (
        <p className="mt-3 text-sm text-slate-700">
          {t("Sees and edits every journal and proceeding.")}
        </p>
      ) : (
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <Assignments
            kind="journal"
            account={account}
            assigned={account.journals.map((j) => ({ key: j.uri, name: j.name }))}
            choices={screen.journals.map((j) => ({ key: j.uri, name: j.name }))}
            busy={busy}
            onChange={(key, assign) =>
              change(`journal:${account.id}`, { journal_uri: key, assign })
            }
          />
          <Assignments
            kind="proceeding"
            account={account}
            assigned={account.proceedings.map((p) => ({ key: String(p.id), name: p.title }))}
            choices={screen.proceedings.map((p) => ({
              key: String(p.id),
              name: `${p.title} (${p.year})`,
            }))}
            busy={busy}
            onChange={(key, assign) =>
              change(`proceeding:${account.id}`, { proceeding_id: Number(key), assign })
            }
          />
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <button
          type="button"
          disabled={busy}
          className={buttonClass("secondary", "min-h-9 px-3")}
          title={
            lastAdmin ? t("The last active administrator cannot be made a manager.") : undefined
          }
          onClick={() => change(`account:${account.id}`, { role: isAdmin ? "manager" : "admin" })}
        >
          {isAdmin ? t("Make journal manager") : t("Make administrator")}
          <span className="sr-only">: {account.name}</span>
        </button>
        {isMe ? null : account.disabled ? (
          <button
            type="button"
            disabled={busy}
            className={buttonClass("secondary", "min-h-9 px-3")}
            onClick={() => change(`account:${account.id}`, { disabled: false })}
          >
            {t("Enable account")}
            <span className="sr-only">: {account.name}</span>
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            className={buttonClass(
              "secondary",
              "min-h-9 px-3 border-red-800 text-red-800 hover:bg-red-50",
            )}
            onClick={disable}
          >
            {t("Disable account")}
            <span className="sr-only">: {account.name}</span>
          </button>
        )}
      </div>
    </Card>
  );
}

type Item = { key: string; name: string };

/** What one manager manages of one kind, with 'Unassign' each and a menu to assign more. */
function Assignments({
  kind,
  account,
  assigned,
  choices,
  busy,
  onChange,
}: {
  kind: "journal" | "proceeding";
  account: ManagerAccount;
  assigned: Item[];
  choices: Item[];
  busy: boolean;
  onChange: (key: string, assign: boolean) => Promise<void>;
}) {
  const t = useT();
  const selectId = useId();
  const [chosen, setChosen] = useState("");
  const held = new Set(assigned.map((a) => a.key));
  const open = choices.filter((c) => !held.has(c.key));
  const journals = kind === "journal";
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">
        {journals ? t("Journals") : t("Proceedings")}
      </h4>
      {assigned.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("None assigned.")}</p>
      ) : (
        <ul
          className="mt-2 space-y-2"
          aria-label={
            journals
              ? t("Journals of {name}", { name: account.name })
              : t("Proceedings of {name}", { name: account.name })
          }
        >
          {assigned.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">{item.name}</span>
              <button
                type="button"
                disabled={busy}
                className={buttonClass("quiet", "shrink-0 px-1 py-1")}
                onClick={() => onChange(item.key, false)}
              >
                {t("Unassign")}
                <span className="sr-only">: {item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          void onChange(chosen, true).then(() => setChosen(""));
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className="sr-only">
            {journals
              ? t("Assign a journal to {name}", { name: account.name })
              : t("Assign a proceeding to {name}", { name: account.name })}
          </label>
          <select
            id={selectId}
            value={chosen}
            disabled={busy || open.length === 0}
            onChange={(event) => setChosen(event.target.value)}
            className={`${controlClass} py-1.5 text-sm`}
          >
            <option value="">
              {open.length === 0
                ? journals
                  ? t("No other journals")
                  : t("No other proceedings")
                : journals
                  ? t("Choose a journal…")
                  : t("Choose a proceeding…")}
            </option>
            {open.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={busy || !chosen}
          className={buttonClass("secondary", "min-h-9 shrink-0 px-3")}
        >
          {journals ? (
            <Trans id="Assign<0> journal</0>" components={{ 0: <span className="sr-only" /> }} />
          ) : (
            <Trans id="Assign<0> proceeding</0>" components={{ 0: <span className="sr-only" /> }} />
          )}
        </button>
      </form>
    </div>
  );
}

/** 'Invite a manager': one email field; the server mails a one-time registration link. */
function InviteForm() {
  const t = useT();
  const inputId = useId();
  const [email, setEmail] = useState("");
  const [result, setResult] = useState<Notice>(null);
  const action = useFormAction((answer) => {
    setResult({ ok: answer.ok, msg: answer.msg });
    if (answer.ok) setEmail("");
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!email.trim()) {
          setResult({ ok: false, msg: t("Please enter the email address to invite.") });
          return;
        }
        setResult(null);
        action.submit("invite", { email });
      }}
    >
      <h2 className="text-xl font-semibold">{t("Invite a manager")}</h2>
      <p className="text-sm text-slate-700">
        {t(
          "They get an email with a link to create their account without the admin passcode. The link works once, for 7 days.",
        )}
      </p>
      <div>
        <label htmlFor={inputId} className={labelClass}>
          {t("Email")}
        </label>
        <input
          id={inputId}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={result && !result.ok ? true : undefined}
          className={controlClass}
        />
      </div>
      <SubmitButton busy={action.busy} busyLabel={t("Sending...")}>
        {t("Send invitation")}
      </SubmitButton>
      <div aria-live="polite" className="empty:hidden">
        <FormNotice notice={result} />
      </div>
    </form>
  );
}

/**
 * The pending invitations (decision 511): address, who invited, when, until when; 'Revoke' asks
 * in the dashboard's confirmation dialog, then posts; its answer shows above the list, and after
 * a revocation the section's heading takes the focus its row's button had.
 */
function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  const t = useT();
  const locale = useLocale();
  // a revoked invitation's row (and its focused button) goes: the focus goes to the heading
  // above the message instead of falling to the page (WCAG 2.4.3)
  const headingRef = useRef<HTMLHeadingElement>(null);
  const action = useFormAction((answer) => {
    if (answer.ok) headingRef.current?.focus();
  });
  const { ask, dialog } = useConfirm();
  const revoke = async (invitation: PendingInvitation) => {
    const ok = await ask({
      title: t("Revoke this invitation?"),
      message: t(
        "Revoke the invitation to {email}? Its link stops working at once; you can invite the address again.",
        { email: invitation.email },
      ),
      detail: invitation.email,
      confirmLabel: t("Revoke"),
    });
    if (ok) void action.submit(`revoke:${invitation.id}`, {});
  };
  return (
    <section aria-labelledby="invitations-title" className="mt-10 border-t border-slate-200 pt-6">
      {dialog}
      <h2 id="invitations-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        {t("Pending invitations")}{" "}
        <span className="font-sans text-base font-normal text-slate-600">
          ({invitations.length})
        </span>
      </h2>
      <div aria-live="polite" className="empty:hidden mt-3">
        <FormNotice notice={action.notice} />
      </div>
      {invitations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{t("No invitation is waiting to be used.")}</p>
      ) : (
        <ul aria-labelledby="invitations-title" className="mt-3 space-y-3">
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-invitation={invitation.id}
              className="rounded-sm border border-slate-200 bg-white px-3 py-3 text-sm"
            >
              <p className="font-semibold break-all text-slate-900">{invitation.email}</p>
              <p className="mt-1 text-slate-700">
                {invitation.invited_by
                  ? t("Invited by {name} on {date}", {
                      name: invitation.invited_by,
                      date: formatDate(invitation.created_at.slice(0, 10), locale),
                    })
                  : t("Invited on {date}", {
                      date: formatDate(invitation.created_at.slice(0, 10), locale),
                    })}
              </p>
              <p className="text-slate-700">
                {t("The link works until {date}.", {
                  date: formatDate(invitation.expires_at.slice(0, 10), locale),
                })}
              </p>
              <button
                type="button"
                disabled={action.busy}
                className={`${dangerOutlineClass} mt-2`}
                onClick={() => void revoke(invitation)}
              >
                {t("Revoke")}
                <span className="sr-only">: {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
