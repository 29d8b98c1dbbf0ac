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
 * - 'Invite a manager': an email address, POST /api/invite_manager, which mails a one-time link.
 *
 * Every answer's msg is shown above the list (a refusal such as the last-administrator rule in
 * red, else 'Something went wrong.'); the list reloads after each change.
 */
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import type { ManagerAccount, ManagersScreen } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import {
  controlClass,
  FormError,
  FormSuccess,
  labelClass,
  SubmitButton,
} from "../../components/forms/index.ts";
import { Card } from "../../components/ui/card.tsx";
import { badgeClass, buttonClass } from "../../components/ui/styles.ts";
import { apiPost, errorMessage } from "../../lib/api.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/managers";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { managers, journals, proceedings, me } =
      await get<ManagersScreen>("/dashboard/managers");
    return { managers, journals, proceedings, me };
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Managers");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the accounts…" />;
}

type Notice = { ok: boolean; msg: string } | null;

export default function Managers({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const screen = loaderData.data;

  /** Sends one change, shows its msg and reloads the list. */
  const change = async (path: string, body: object) => {
    setBusy(true);
    try {
      const answer = await apiPost(path, body, MESSAGES.somethingWentWrong);
      setNotice({ ok: true, msg: answer.msg });
    } catch (error) {
      setNotice({ ok: false, msg: errorMessage(error, MESSAGES.somethingWentWrong) });
    } finally {
      await revalidator.revalidate();
      setBusy(false);
    }
  };

  const admins = screen.managers.filter((m) => m.role === "admin" && !m.disabled).length;

  return (
    <DashboardScreen
      title="Managers"
      lead="Site administrators see and edit everything; journal managers only the journals and proceedings assigned to them, and those they create."
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="accounts-title">
          <h2 id="accounts-title" className="mb-4 text-xl font-semibold">
            Accounts{" "}
            <span className="font-sans text-base font-normal text-slate-600">
              ({screen.managers.length})
            </span>
          </h2>
          <div aria-live="polite" className="empty:hidden mb-4">
            {notice ? (
              notice.ok ? (
                <FormSuccess message={notice.msg} />
              ) : (
                <FormError message={notice.msg} />
              )
            ) : null}
          </div>
          <ul aria-label="Accounts" className="space-y-4">
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
        </section>
        {/* first on a phone, so inviting needs no scrolling past every account */}
        <Card as="section" className="order-first p-5 lg:sticky lg:top-4 lg:order-none">
          <InviteForm />
        </Card>
      </div>
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
  change: (path: string, body: object) => Promise<void>;
}) {
  const isAdmin = account.role === "admin";
  const disable = () => {
    const question = `Disable ${account.name}'s account? They are signed out at once and cannot sign in until it is enabled again.`;
    if (window.confirm(question)) void change(`/manager_account/${account.id}`, { disabled: true });
  };
  return (
    <Card as="article" className={`px-4 py-4 sm:px-5 ${account.disabled ? "bg-slate-50" : ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-snug break-words text-slate-900">
            {account.name}
            {isMe ? <span className="font-sans text-sm text-slate-600"> (you)</span> : null}
          </h3>
          <p className="text-sm break-all text-slate-700">{account.email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <span className={badgeClass}>{isAdmin ? "Site administrator" : "Journal manager"}</span>
          {account.disabled ? (
            <span className={`${badgeClass} bg-red-50 text-red-800 ring-red-200`}>Disabled</span>
          ) : null}
        </div>
      </div>

      {isAdmin ? (
        <p className="mt-3 text-sm text-slate-700">Sees and edits every journal and proceeding.</p>
      ) : (
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          <Assignments
            label="Journals"
            account={account}
            assigned={account.journals.map((j) => ({ key: j.uri, name: j.name }))}
            choices={screen.journals.map((j) => ({ key: j.uri, name: j.name }))}
            busy={busy}
            onChange={(key, assign) =>
              change(`/manager_journal/${account.id}`, { journal_uri: key, assign })
            }
          />
          <Assignments
            label="Proceedings"
            account={account}
            assigned={account.proceedings.map((p) => ({ key: String(p.id), name: p.title }))}
            choices={screen.proceedings.map((p) => ({
              key: String(p.id),
              name: `${p.title} (${p.year})`,
            }))}
            busy={busy}
            onChange={(key, assign) =>
              change(`/manager_proceeding/${account.id}`, { proceeding_id: Number(key), assign })
            }
          />
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        <button
          type="button"
          disabled={busy}
          className={buttonClass("secondary", "min-h-9 px-3")}
          title={lastAdmin ? "The last active administrator cannot be made a manager." : undefined}
          onClick={() =>
            change(`/manager_account/${account.id}`, { role: isAdmin ? "manager" : "admin" })
          }
        >
          {isAdmin ? "Make journal manager" : "Make administrator"}
          <span className="sr-only">: {account.name}</span>
        </button>
        {isMe ? null : account.disabled ? (
          <button
            type="button"
            disabled={busy}
            className={buttonClass("secondary", "min-h-9 px-3")}
            onClick={() => change(`/manager_account/${account.id}`, { disabled: false })}
          >
            Enable account<span className="sr-only">: {account.name}</span>
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
            Disable account<span className="sr-only">: {account.name}</span>
          </button>
        )}
      </div>
    </Card>
  );
}

type Item = { key: string; name: string };

/** What one manager manages of one kind, with 'Unassign' each and a menu to assign more. */
function Assignments({
  label,
  account,
  assigned,
  choices,
  busy,
  onChange,
}: {
  label: "Journals" | "Proceedings";
  account: ManagerAccount;
  assigned: Item[];
  choices: Item[];
  busy: boolean;
  onChange: (key: string, assign: boolean) => Promise<void>;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState("");
  const held = new Set(assigned.map((a) => a.key));
  const open = choices.filter((c) => !held.has(c.key));
  const singular = label === "Journals" ? "journal" : "proceeding";
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-800">{label}</h4>
      {assigned.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None assigned.</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={`${label} of ${account.name}`}>
          {assigned.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">{item.name}</span>
              <button
                type="button"
                disabled={busy}
                className={buttonClass("quiet", "shrink-0 px-1 py-1")}
                onClick={() => onChange(item.key, false)}
              >
                Unassign<span className="sr-only">: {item.name}</span>
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
            Assign a {singular} to {account.name}
          </label>
          <select
            id={selectId}
            value={chosen}
            disabled={busy || open.length === 0}
            onChange={(event) => setChosen(event.target.value)}
            className={`${controlClass} py-1.5 text-sm`}
          >
            <option value="">
              {open.length === 0 ? `No other ${singular}s` : `Choose a ${singular}…`}
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
          Assign<span className="sr-only"> {singular}</span>
        </button>
      </form>
    </div>
  );
}

/** 'Invite a manager': one email field; the server mails a one-time registration link. */
function InviteForm() {
  const inputId = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Notice>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!email.trim()) {
          setResult({ ok: false, msg: "Please enter the email address to invite." });
          return;
        }
        setBusy(true);
        try {
          const answer = await apiPost("/invite_manager", { email }, MESSAGES.somethingWentWrong);
          setResult({ ok: true, msg: answer.msg });
          setEmail("");
        } catch (error) {
          setResult({ ok: false, msg: errorMessage(error, MESSAGES.somethingWentWrong) });
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 className="text-xl font-semibold">Invite a manager</h2>
      <p className="text-sm text-slate-700">
        They get an email with a link to create their account without the admin passcode. The link
        works once, for 7 days.
      </p>
      <div>
        <label htmlFor={inputId} className={labelClass}>
          Email
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
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send invitation
      </SubmitButton>
      <div aria-live="polite" className="empty:hidden">
        {result ? (
          result.ok ? (
            <FormSuccess message={result.msg} />
          ) : (
            <FormError message={result.msg} />
          )
        ) : null}
      </div>
    </form>
  );
}
