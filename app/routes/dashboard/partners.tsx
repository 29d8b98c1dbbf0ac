/**
 * Partners, /dashboard/partners (docs/product/overview.md: the institutions of the home page carousel;
 * the dashboard screen and its calls are ours: docs/decisions/074-partner-calls.md). The
 * partners in carousel order (GET /api/dashboard/partners), each with its position, logo, name
 * and link, and these actions:
 *
 * - add one (Name, Link, Logo; it goes last), POST /api/create_partner;
 * - Edit (the same fields, logo optional) in place, POST /api/edit_partner/{id};
 * - Move up / Move down, POST /api/reorder_partners with the whole new order; focus stays on the
 *   moved partner's button and the new position is announced;
 * - Remove, after a confirmation, POST /api/delete_partner/{id}.
 *
 * The home page carousel reads the same order. A failed load shows the server's msg or 'Not
 * Authorised to Access This Page' full-page; a failed action shows its msg, else 'Something went
 * wrong.'.
 */
import { useEffect, useRef, useState } from "react";
import type { PartnerItem } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { pathOf } from "../../../shared/contract.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { derivativeSrcSet } from "../../../shared/images.ts";
import { useConfirm } from "../../components/dashboard/confirm-dialog.tsx";
import { formAction, useFormAction } from "../../components/dashboard/form-action.ts";
import { ListAndPanel } from "../../components/dashboard/list-and-panel.tsx";
import { PartnerForm } from "../../components/dashboard/partner-form.tsx";
import { DashboardScreen, dashboardMeta } from "../../components/dashboard/screen.tsx";
import { ScreenErrorBoundary, screenFallback } from "../../components/dashboard/screen-route.tsx";
import type { Notice } from "../../components/forms/index.ts";
import { Card } from "../../components/ui/card.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { useT } from "../../i18n/use-t.tsx";
import { screenLoader } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/partners";

export const clientLoader = screenLoader(async (get) => {
  const { partners } = await get("/dashboard/partners");
  return partners;
});

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, msg("Partners"));
}

export const HydrateFallback = screenFallback(msg("Loading the partners…"));
export const ErrorBoundary = ScreenErrorBoundary;

type Move = "up" | "down";

/**
 * The page's calls: the partner form's `create` and `edit:{id}` (multipart), and the list's
 * `reorder` ({ids}) and `remove:{id}`, after which the list reloads whatever the answer.
 */
export const clientAction = formAction((intent) => {
  const [kind, id = ""] = intent.split(":");
  const failure = MESSAGES.somethingWentWrong;
  if (kind === "edit")
    return { path: pathOf("POST /edit_partner/:partner", { partner: id }), failure };
  if (kind === "reorder") return { path: "/reorder_partners", failure, reloadOnFailure: true };
  if (kind === "remove") {
    const path = pathOf("POST /delete_partner/:partner", { partner: id });
    return { path, failure, body: {}, reloadOnFailure: true };
  }
  return { path: "/create_partner", failure };
});

export default function Partners({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<number | null>(null);
  // After a change, where focus goes once the list has reloaded: a partner's button.
  const focusAfter = useRef<{ id: number; action: Move | "edit" } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // What a successful move says and where focus goes then (the server's msg is generic).
  const planned = useRef<{ msg: string; focus: { id: number; action: Move } } | null>(null);
  const listAction = useFormAction((result) => {
    const plan = result.ok ? planned.current : null;
    if (plan) focusAfter.current = plan.focus;
    setNotice({ ok: result.ok, msg: plan?.msg ?? result.msg });
    planned.current = null;
  });
  const busy = listAction.busy;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus may move after each reload, new notice or closed edit form
  useEffect(() => {
    const target = focusAfter.current;
    // a partner whose edit form is still open has no buttons yet: wait for the form to close
    if (!target || !listRef.current || editing === target.id) return;
    const item = listRef.current.querySelector(`[data-partner="${target.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${target.action}"]`);
    const fallback = item?.querySelector<HTMLButtonElement>("button:not(:disabled)");
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
    focusAfter.current = null;
  }, [loaderData, notice, editing]);

  const list = loaderData;

  const move = (partner: PartnerItem, direction: Move) => {
    const index = list.findIndex((p) => p.id === partner.id);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || other < 0 || other >= list.length) return;
    const ids = list.map((p) => p.id);
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    planned.current = {
      msg: t("{name} moved to position {position, number} of {count, number}.", {
        name: partner.name,
        position: other + 1,
        count: list.length,
      }),
      focus: { id: partner.id, action: direction },
    };
    listAction.submit("reorder", { ids });
  };

  // the dashboard's one confirmation dialog (issue 15: this was the browser's confirm())
  const { ask, dialog } = useConfirm();
  const remove = async (partner: PartnerItem) => {
    const ok = await ask({
      title: t("Remove this partner?"),
      message: t('Are you sure you want to remove the partner "{name}"?', { name: partner.name }),
      confirmLabel: t("Remove"),
    });
    if (ok) listAction.submit(`remove:${partner.id}`, {});
  };

  return (
    <DashboardScreen
      title={t("Partners")}
      lead={t("The institutions of the home page carousel, in the order it shows them.")}
    >
      {dialog}
      <ListAndPanel
        headingId="partner-list-title"
        heading={t("Carousel order")}
        count={t("{count, plural, one {# partner} other {# partners}}", { count: list.length })}
        notice={notice}
        panel={<PartnerForm narrow onSaved={(msg) => setNotice({ ok: true, msg })} />}
      >
        {list.length === 0 ? (
          <EmptyNote>{t("No partners yet. Add the first one.")}</EmptyNote>
        ) : (
          <ol ref={listRef} aria-label={t("Partners in carousel order")} className="space-y-3">
            {list.map((partner, index) => (
              <li key={partner.id} data-partner={partner.id}>
                <Card as="div" className="px-4 py-3">
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
                    <span className="w-7 shrink-0 text-end font-mono text-sm text-slate-500">
                      {t("{position, number}.", { position: index + 1 })}
                    </span>
                    <Logo partner={partner} />
                    <div className="min-w-0 flex-1 basis-40">
                      <p className="font-serif text-lg leading-snug break-words text-slate-900">
                        {partner.name}
                      </p>
                      {partner.link ? (
                        <a
                          href={partner.link}
                          dir="ltr"
                          rel="noopener noreferrer"
                          className={`text-sm break-all ${textLinkClass}`}
                        >
                          {partner.link}
                        </a>
                      ) : (
                        <p className="text-sm text-slate-500">{t("No link")}</p>
                      )}
                    </div>
                    {editing === partner.id ? null : (
                      <div className="flex flex-wrap gap-2">
                        <ActionButton
                          action="up"
                          label={t("Move up")}
                          name={partner.name}
                          disabled={busy || index === 0}
                          onClick={() => move(partner, "up")}
                        />
                        <ActionButton
                          action="down"
                          label={t("Move down")}
                          name={partner.name}
                          disabled={busy || index === list.length - 1}
                          onClick={() => move(partner, "down")}
                        />
                        <ActionButton
                          action="edit"
                          label={t("Edit")}
                          name={partner.name}
                          disabled={busy}
                          onClick={() => setEditing(partner.id)}
                        />
                        <ActionButton
                          action="remove"
                          label={t("Remove")}
                          name={partner.name}
                          disabled={busy}
                          danger
                          onClick={() => remove(partner)}
                        />
                      </div>
                    )}
                  </div>
                  {editing === partner.id ? (
                    <div className="mt-4 border-t border-slate-200 pt-4">
                      <PartnerForm
                        partner={partner}
                        onCancel={() => {
                          focusAfter.current = null;
                          setEditing(null);
                        }}
                        onSaved={(msg) => {
                          setEditing(null);
                          focusAfter.current = { id: partner.id, action: "edit" };
                          setNotice({ ok: true, msg });
                        }}
                      />
                    </div>
                  ) : null}
                </Card>
              </li>
            ))}
          </ol>
        )}
      </ListAndPanel>
    </DashboardScreen>
  );
}

function ActionButton({
  action,
  label,
  name,
  disabled,
  danger = false,
  onClick,
}: {
  action: string;
  label: string;
  name: string;
  disabled: boolean;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      data-action={action}
      disabled={disabled}
      onClick={onClick}
      className={buttonClass(
        "secondary",
        `min-h-9 px-3 ${danger ? "border-red-800 text-red-800 hover:bg-red-50" : ""}`,
      )}
    >
      {label}
      <span className="sr-only">: {name}</span>
    </button>
  );
}

function Logo({ partner }: { partner: PartnerItem }) {
  if (!partner.logo) {
    return (
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 font-serif text-white"
      >
        {partner.name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={partner.logo}
      srcSet={derivativeSrcSet(partner.logo)}
      sizes="48px"
      width={48}
      height={48}
      alt=""
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 object-contain"
    />
  );
}
