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
import { useRevalidator } from "react-router";
import type { PartnerItem } from "../../../shared/api.ts";
import { MESSAGES } from "../../../shared/constants.ts";
import { derivativeSrcSet } from "../../../shared/images.ts";
import { PartnerForm } from "../../components/dashboard/partner-form.tsx";
import {
  DashboardFailure,
  DashboardLoading,
  DashboardScreen,
  dashboardMeta,
} from "../../components/dashboard/screen.tsx";
import { FormError, FormSuccess } from "../../components/forms/index.ts";
import { Card } from "../../components/ui/card.tsx";
import { EmptyNote } from "../../components/ui/empty-note.tsx";
import { buttonClass, textLinkClass } from "../../components/ui/styles.ts";
import { apiPost, errorMessage } from "../../lib/api.ts";
import { loadScreen } from "../../lib/dashboard-load.ts";
import type { Route } from "./+types/partners";

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadScreen(request, async (get) => {
    const { partners } = await get<{ partners: PartnerItem[] }>("/dashboard/partners");
    return partners;
  });
}
clientLoader.hydrate = true as const;

export function meta({ matches }: Route.MetaArgs) {
  return dashboardMeta(matches, "Partners");
}

export function HydrateFallback() {
  return <DashboardLoading what="Loading the partners…" />;
}

type Notice = { ok: boolean; msg: string } | null;
type Move = "up" | "down";

export default function Partners({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // After a change, where focus goes once the list has reloaded: a partner's button.
  const focusAfter = useRef<{ id: number; action: Move | "edit" } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const partners = loaderData.data;

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !partners || !listRef.current) return;
    const item = listRef.current.querySelector(`[data-partner="${target.id}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-action="${target.action}"]`);
    const fallback = item?.querySelector<HTMLButtonElement>("button:not(:disabled)");
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
    focusAfter.current = null;
  }, [partners]);

  if (loaderData.error !== null) return <DashboardFailure message={loaderData.error} />;
  const list = loaderData.data;

  const reload = async (message: Notice) => {
    setNotice(message);
    await revalidator.revalidate();
  };

  const move = async (partner: PartnerItem, direction: Move) => {
    const index = list.findIndex((p) => p.id === partner.id);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index < 0 || other < 0 || other >= list.length) return;
    const ids = list.map((p) => p.id);
    [ids[index], ids[other]] = [ids[other]!, ids[index]!];
    setBusy(true);
    try {
      await apiPost("/reorder_partners", { ids }, MESSAGES.somethingWentWrong);
      focusAfter.current = { id: partner.id, action: direction };
      await reload({
        ok: true,
        msg: `${partner.name} moved to position ${other + 1} of ${list.length}.`,
      });
    } catch (error) {
      await reload({ ok: false, msg: errorMessage(error, MESSAGES.somethingWentWrong) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (partner: PartnerItem) => {
    if (!window.confirm(`Are you sure you want to remove the partner "${partner.name}"?`)) return;
    setBusy(true);
    try {
      const answer = await apiPost(
        `/delete_partner/${partner.id}`,
        {},
        MESSAGES.somethingWentWrong,
      );
      await reload({ ok: true, msg: answer.msg });
    } catch (error) {
      await reload({ ok: false, msg: errorMessage(error, MESSAGES.somethingWentWrong) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <DashboardScreen
      title="Partners"
      lead="The institutions of the home page carousel, in the order it shows them."
    >
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="partner-list-title">
          <h2 id="partner-list-title" className="mb-4 text-xl font-semibold">
            Carousel order{" "}
            <span className="font-sans text-base font-normal text-slate-600">
              ({list.length} {list.length === 1 ? "partner" : "partners"})
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
          {list.length === 0 ? (
            <EmptyNote>No partners yet. Add the first one.</EmptyNote>
          ) : (
            <ol ref={listRef} aria-label="Partners in carousel order" className="space-y-3">
              {list.map((partner, index) => (
                <li key={partner.id} data-partner={partner.id}>
                  <Card as="div" className="px-4 py-3">
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
                      <span className="w-7 shrink-0 text-right font-mono text-sm text-slate-500">
                        {index + 1}.
                      </span>
                      <Logo partner={partner} />
                      <div className="min-w-0 flex-1 basis-40">
                        <p className="font-serif text-lg leading-snug break-words text-slate-900">
                          {partner.name}
                        </p>
                        {partner.link ? (
                          <a
                            href={partner.link}
                            rel="noopener noreferrer"
                            className={`text-sm break-all ${textLinkClass}`}
                          >
                            {partner.link}
                          </a>
                        ) : (
                          <p className="text-sm text-slate-500">No link</p>
                        )}
                      </div>
                      {editing === partner.id ? null : (
                        <div className="flex flex-wrap gap-2">
                          <ActionButton
                            action="up"
                            label="Move up"
                            name={partner.name}
                            disabled={busy || index === 0}
                            onClick={() => move(partner, "up")}
                          />
                          <ActionButton
                            action="down"
                            label="Move down"
                            name={partner.name}
                            disabled={busy || index === list.length - 1}
                            onClick={() => move(partner, "down")}
                          />
                          <ActionButton
                            action="edit"
                            label="Edit"
                            name={partner.name}
                            disabled={busy}
                            onClick={() => setEditing(partner.id)}
                          />
                          <ActionButton
                            action="remove"
                            label="Remove"
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
                          onSaved={async (msg) => {
                            setEditing(null);
                            focusAfter.current = { id: partner.id, action: "edit" };
                            await reload({ ok: true, msg });
                          }}
                        />
                      </div>
                    ) : null}
                  </Card>
                </li>
              ))}
            </ol>
          )}
        </section>
        <Card as="section" className="p-5 lg:sticky lg:top-4">
          <PartnerForm narrow onSaved={(msg) => reload({ ok: true, msg })} />
        </Card>
      </div>
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
