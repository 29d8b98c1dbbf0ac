/**
 * 'DOIs and indexing' on a dashboard issue or proceeding screen (issue 16, decision 278): the
 * downloads of its Crossref deposit XML (and, for an issue, its DOAJ article XML), a 'Register
 * DOIs' button that deposits with Crossref, and each paper's DOI with its status (Not
 * registered, Queued, Registered, Failed with Crossref's message). While anything is queued the
 * status is read again every few seconds (the server reads Crossref's submission log then).
 * When Crossref is not configured the button is off and a line says why. Texts in the page's
 * language; DOIs are written left to right in every language.
 */
import { useCallback, useEffect, useState } from "react";
import type { DepositScreen, DoiStatus } from "../../../shared/deposits.ts";
import { DOI_STATUS_LABELS } from "../../../shared/deposits.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../i18n/use-t.tsx";
import { apiUrl, errorMessage, isAbort } from "../../lib/api.ts";
import { Spinner } from "../forms/index.ts";
import { SectionHeading } from "../ui/heading.tsx";
import { buttonClass, textLinkClass } from "../ui/styles.ts";

/** How often the status is read again while a deposit is queued. */
const POLL_MS = 3000;

/** The default messages of a failed read and a failed registration, for the screens' calls. */
export const DOI_STATUS_UNREAD = msg("The DOI status could not be read.");
export const DOIS_NOT_REGISTERED = msg("The DOIs could not be registered.");

const STATUS_CLASS: Record<DoiStatus, string> = {
  not_registered: "bg-slate-100 text-slate-700",
  queued: "bg-amber-100 text-amber-900",
  registered: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-800",
};

export function DoiRegistration({
  load,
  register,
  crossrefXml,
  doajXml,
}: {
  /** Reads the panel (GET …/doi_status/…). */
  load: (signal?: AbortSignal) => Promise<DepositScreen>;
  /** Registers the DOIs (POST /register_dois/…): the panel after, and the server's message. */
  register: () => Promise<{ deposit: DepositScreen; msg: string }>;
  /** API path of the Crossref XML download. */
  crossrefXml: string;
  /** API path of the DOAJ XML download, for an issue. */
  doajXml?: string;
}) {
  const t = useT();
  const [screen, setScreen] = useState<DepositScreen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setScreen(await load(signal));
      } catch (error) {
        if (!isAbort(error)) setProblem(errorMessage(error, DOI_STATUS_UNREAD));
      }
    },
    [load],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const queued = screen?.papers.some((p) => p.status === "queued") ?? false;
  useEffect(() => {
    if (!queued) return;
    const timer = setTimeout(() => void refresh(), POLL_MS);
    return () => clearTimeout(timer);
  }, [queued, refresh]);

  const onRegister = async () => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      const { deposit, msg } = await register();
      setScreen(deposit);
      setNotice(msg);
    } catch (error) {
      setProblem(errorMessage(error, DOIS_NOT_REGISTERED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="dois-title" className="mt-10">
      <SectionHeading id="dois-title">{t("DOIs and indexing")}</SectionHeading>
      <p className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href={apiUrl(crossrefXml)} className={textLinkClass} download>
          {t("Download Crossref XML")}
        </a>
        {doajXml ? (
          <a href={apiUrl(doajXml)} className={textLinkClass} download>
            {t("Download DOAJ XML")}
          </a>
        ) : null}
      </p>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={onRegister}
          disabled={busy || !screen?.configured}
        >
          {busy ? <Spinner /> : null}
          {t("Register DOIs")}
        </button>
        {screen && !screen.configured ? (
          <span className="text-sm text-slate-700">
            {t("Crossref is not set up on this site (CROSSREF_USERNAME and CROSSREF_PASSWORD).")}
          </span>
        ) : null}
        {screen?.configured && screen.test_system ? (
          <span className="text-sm text-slate-700">
            {t("Deposits go to Crossref's test system: nothing is registered for real.")}
          </span>
        ) : null}
      </div>
      {screen?.can_assign ? (
        <p className="mb-4 text-sm text-slate-700">
          {t("Papers without a DOI get one from the journal's DOI prefix and pattern.")}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-4 text-sm font-medium text-red-800">
          {t(problem)}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mb-4 text-sm font-medium text-emerald-800">
          {t(notice)}
        </p>
      ) : null}
      {screen ? (
        screen.papers.length === 0 ? (
          <p className="text-sm text-slate-700">{t("No papers yet.")}</p>
        ) : (
          <ul
            className="divide-y divide-slate-200 border-y border-slate-200"
            aria-label={t("DOI status")}
          >
            {screen.papers.map((p) => (
              <li
                key={p.paperID}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
                data-paper={p.paperID}
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{p.title}</p>
                  <p className="text-sm break-all text-slate-700">
                    {p.doi ? <bdi dir="ltr">{p.doi}</bdi> : t("No DOI")}
                  </p>
                  {p.message ? <p className="text-sm text-red-800">{t(p.message)}</p> : null}
                </div>
                <span
                  className={`self-start rounded px-2 py-0.5 text-sm font-medium whitespace-nowrap ${STATUS_CLASS[p.status]}`}
                  data-status={p.status}
                >
                  {t(DOI_STATUS_LABELS[p.status])}
                </span>
              </li>
            ))}
          </ul>
        )
      ) : problem ? null : (
        <p className="text-sm text-slate-700">{t("Reading the DOI status…")}</p>
      )}
    </section>
  );
}
