/**
 * The References list of the paper forms (issue 16, decisions 255, 256 and 251): one row per
 * reference (the citation as shown, DOI, PubMed id, URL), added, moved and removed, and a
 * textarea that adds many at once, one reference per line ({@link referencesFromLines}). The
 * label and JATS id of an imported reference travel with its row unseen. Messages come keyed by
 * wire path (`references.3.doi`) and show under their field.
 */
import { useId, useState } from "react";
import type { ReferenceItem } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TextAreaField, TextField } from "../forms/index.ts";
import { buttonClass } from "../ui/styles.ts";
import { type ListFieldProps, RowList } from "./list-rows.tsx";

/** A reference as the form holds it; `key` tells rows apart across moves. */
export type ReferenceRow = ReferenceItem & { key: number };

let lastKey = 0;

/** A stored reference (or an empty one) as a row. */
export function referenceRowOf(item?: Partial<ReferenceItem>): ReferenceRow {
  lastKey += 1;
  return {
    key: lastKey,
    ref_id: item?.ref_id ?? "",
    label: item?.label ?? "",
    citation: item?.citation ?? "",
    doi: item?.doi ?? "",
    pmid: item?.pmid ?? "",
    url: item?.url ?? "",
  };
}

/** A row as `references[k]` takes it (decision 256). */
export function referenceToWire({ key: _, ...reference }: ReferenceRow): ReferenceItem {
  return reference;
}

/** A DOI inside a citation: `10.`, registrant, `/`, up to a space; trailing punctuation dropped. */
const DOI_IN_TEXT = /\b(10\.\d{4,9}\/[^\s"<>]+)/;
/** The same DOI with how it was written before it (`doi:`, `https://doi.org/`), to lift out. */
const DOI_AS_WRITTEN = /\s*(?:doi:?\s*|https?:\/\/(?:dx\.)?doi\.org\/)?10\.\d{4,9}\/[^\s"<>]+/i;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"<>]+/;
const PMID_IN_TEXT = /\bPMID:?\s*(\d{1,10})\b/i;
/** A printed label at the start of a line: `[12]`, `12.`, `12)`. */
const LABEL_AT_START = /^\s*(?:\[(\d{1,4})\]|(\d{1,4})[.)])\s+/;

const trimPunctuation = (text: string) => text.replace(/[.,;:)\]]+$/, "");

/**
 * The references of pasted text, one per non-empty line: a leading `[12]`/`12.` becomes the
 * label, and a DOI, PubMed id or web address in the line fills its field (the URL only when
 * it is not the DOI's `doi.org` link). The citation is the rest of the line as written, less
 * the DOI, which the paper page shows as its own link after it (shown twice otherwise, issue 34).
 */
export function referencesFromLines(text: string): ReferenceRow[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const labelled = LABEL_AT_START.exec(line);
      const written = labelled ? line.slice(labelled[0].length).trim() : line;
      const doi = DOI_IN_TEXT.exec(written)?.[1];
      const url = URL_IN_TEXT.exec(written)?.[0];
      const citation = (doi && written.replace(DOI_AS_WRITTEN, "").trim()) || written;
      return referenceRowOf({
        label: labelled ? (labelled[1] ?? labelled[2] ?? "") : "",
        citation,
        doi: doi ? trimPunctuation(doi) : "",
        pmid: PMID_IN_TEXT.exec(written)?.[1] ?? "",
        url: url && !/doi\.org\//i.test(url) ? trimPunctuation(url) : "",
      });
    });
}

export function ReferenceRowsField(props: ListFieldProps<ReferenceRow>) {
  const t = useT();
  const { rows, onChange } = props;
  const [pasted, setPasted] = useState("");
  const pasteId = useId();
  return (
    <div className="space-y-3">
      <RowList
        text={{
          label: t("References"),
          empty: t("No references listed."),
          add: t("Add reference"),
          names: (n) => ({
            up: t("Move reference {n} up", { n }),
            down: t("Move reference {n} down", { n }),
            remove: t("Remove reference {n}", { n }),
          }),
        }}
        list="references"
        newRow={referenceRowOf}
        legend={(row, index) =>
          row.label && row.label !== String(index + 1)
            ? t("Reference {n} (printed {label})", { n: index + 1, label: row.label })
            : t("Reference {n}", { n: index + 1 })
        }
        {...props}
      >
        {({ text }) => (
          <>
            <TextAreaField label={t("Citation")} required rows={2} {...text("citation")} />
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField label={t("DOI")} optional spellCheck={false} {...text("doi")} />
              <TextField label={t("PMID")} optional inputMode="numeric" {...text("pmid")} />
              <TextField label={t("URL")} optional type="url" {...text("url")} />
            </div>
          </>
        )}
      </RowList>
      <div className="rounded-sm border border-dashed border-slate-300 p-3">
        <TextAreaField
          id={pasteId}
          label={t("Paste references")}
          optional
          rows={4}
          hint={t(
            "One reference per line; a DOI, PMID or web address in a line fills its field. They are added after the list.",
          )}
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
        />
        <button
          type="button"
          className={buttonClass("secondary", "mt-2 min-h-10")}
          disabled={!pasted.trim()}
          onClick={() => {
            onChange([...rows, ...referencesFromLines(pasted)]);
            setPasted("");
          }}
        >
          {t("Add these references")}
        </button>
      </div>
    </div>
  );
}
