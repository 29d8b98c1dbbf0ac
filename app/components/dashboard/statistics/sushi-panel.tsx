/**
 * The SUSHI part of the Statistics screen, for administrators (docs/decisions/282-sushi-server.md):
 * what a library's harvester needs (the base URL and customer ID of "The World"), whether an
 * API key is required, and the keys: create one (shown once), revoke one. Texts in the page's
 * language; the keys' times stay as stored (`YYYY-MM-DD hh:mm`, UTC), which reads the same in
 * every language.
 */
import { useId, useState } from "react";
import { formatDateTime } from "../../../../shared/i18n/intl.ts";
import type { SushiSettings } from "../../../../shared/usage.ts";
import { useLocale, useT } from "../../../i18n/use-t.tsx";
import { controlClass, FormNotice, labelClass, SubmitButton } from "../../forms/index.ts";
import { Card } from "../../ui/card.tsx";
import { buttonClass } from "../../ui/styles.ts";
import { useConfirm } from "../confirm-dialog.tsx";
import { useFormAction } from "../form-action.ts";

/** A key's time, `YYYY-MM-DD hh:mm` (UTC), or `""` for none. */

export function SushiPanel({ sushi }: { sushi: SushiSettings }) {
  const t = useT();
  const headingId = useId();
  const labelId = useId();
  const [secret, setSecret] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const action = useFormAction<{ secret?: string }>((result) => {
    if (result.ok && result.secret) {
      setSecret(result.secret);
      setLabel("");
    }
  });
  const busy = action.busy;
  const { ask, dialog } = useConfirm();
  const live = sushi.keys.filter((k) => k.revoked_at === null);
  const locale = useLocale();

  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby={headingId}>
      {dialog}
      <h2 id={headingId} className="text-xl font-semibold">
        {t("SUSHI for libraries")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t(
          "Libraries harvest these figures as COUNTER Release 5.1 reports (PR, PR_P1, TR, TR_J3, IR, IR_A1) through the COUNTER_SUSHI API. Give them:",
        )}
      </p>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t("Base URL")}</dt>
        <dd className="break-all font-mono" dir="ltr">
          {sushi.base_url}
        </dd>
        <dt className="font-semibold">{t("Customer ID")}</dt>
        {/* COUNTER's own name of the customer "everyone" (Customer_ID 0000000000000000) */}
        <dd className="font-mono" dir="ltr">
          0000000000000000 (The World)
        </dd>
        <dt className="font-semibold">{t("API key")}</dt>
        <dd>{sushi.require_api_key ? t("required: one of the keys below") : t("not required")}</dd>
      </dl>

      <div aria-live="polite" className="mt-4 empty:hidden">
        <FormNotice notice={action.notice} />
      </div>
      {secret ? (
        <div className="mt-3 rounded-sm border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">{t("Copy the new key now: it is not shown again.")}</p>
          <output className="mt-1 block break-all font-mono" dir="ltr" data-secret>
            {secret}
          </output>
        </div>
      ) : null}

      <form
        className="mt-5 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const required = new FormData(event.currentTarget).get("require_api_key") === "on";
          action.submit("settings", { require_api_key: required });
        }}
      >
        <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
          <input
            type="checkbox"
            name="require_api_key"
            defaultChecked={sushi.require_api_key}
            key={String(sushi.require_api_key)}
            className="h-4 w-4"
          />
          {t("Require an API key")}
        </label>
        <button type="submit" disabled={busy} className={buttonClass("secondary", "min-h-9 px-3")}>
          {t("Save")}
        </button>
      </form>

      <h3 className="mt-6 text-base font-semibold">{t("API keys")}</h3>
      {sushi.keys.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t("No key yet.")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm" aria-label={t("API keys")}>
          {sushi.keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <span className="font-semibold break-words">{key.label}</span>{" "}
                <span className="font-mono text-slate-600" dir="ltr">
                  {key.prefix}…
                </span>
                <span className="block text-slate-600">
                  {key.revoked_at
                    ? t(
                        "Created {created}, last used {used, select, none {never} other {{used}}}, revoked {revoked}",
                        {
                          created: formatDateTime(key.created_at, locale),
                          used: formatDateTime(key.last_used_at, locale) || "none",
                          revoked: formatDateTime(key.revoked_at, locale),
                        },
                      )
                    : t(
                        "Created {created}, last used {used, select, none {never} other {{used}}}",
                        {
                          created: formatDateTime(key.created_at, locale),
                          used: formatDateTime(key.last_used_at, locale) || "none",
                        },
                      )}
                </span>
              </div>
              {key.revoked_at ? (
                <span className="text-slate-600">{t("Revoked")}</span>
              ) : (
                <button
                  type="button"
                  aria-label={t("Revoke the key {label}", { label: key.label })}
                  disabled={busy}
                  className={buttonClass(
                    "secondary",
                    "min-h-9 px-3 border-red-800 text-red-800 hover:bg-red-50",
                  )}
                  onClick={async () => {
                    const ok = await ask({
                      title: t("Revoke this key?"),
                      message: t(
                        'Revoke the key "{label}"? Harvesters using it are refused at once.',
                        { label: key.label },
                      ),
                      confirmLabel: t("Revoke"),
                    });
                    if (!ok) return;
                    setSecret(null);
                    action.submit(`revoke:${key.id}`, {});
                  }}
                >
                  {t("Revoke")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sushi.require_api_key && live.length === 0 ? (
        <p className="mt-2 text-sm font-medium text-red-700">
          {t(
            "Keys are required but none is active: every harvester is refused until you create one.",
          )}
        </p>
      ) : null}

      <form
        noValidate
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setSecret(null);
          action.submit("create", { label });
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor={labelId} className={labelClass}>
            {t("Who the new key is for")}
          </label>
          <input
            id={labelId}
            value={label}
            maxLength={100}
            onChange={(event) => setLabel(event.target.value)}
            className={controlClass}
            placeholder={t("e.g. University Library harvester")}
          />
        </div>
        <SubmitButton busy={busy} busyLabel={t("Creating...")} className="min-h-10">
          {t("Create key")}
        </SubmitButton>
      </form>
    </Card>
  );
}
