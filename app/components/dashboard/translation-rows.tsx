/**
 * The "Other languages" list of the paper forms (issue 32, decision 440): one row per language
 * the paper's title, abstract and keywords are also given in, each with its language and any of
 * the three (one at least, checked with the server's `translationSchema`). Rows are added, moved
 * and removed; messages come keyed by wire path (`translations.0.title`).
 */
import type { TranslationItem } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { TextAreaField, TextField } from "../forms/index.ts";
import { LanguageSelect, useLanguageName } from "./language-select.tsx";
import { type ListFieldProps, RowList } from "./list-rows.tsx";

/** A translation as the form holds it; `key` tells rows apart across moves. */
export type TranslationRow = TranslationItem & { key: number };

let lastKey = 0;

/** A stored translation (or an empty one) as a row. */
export function translationRowOf(item?: TranslationItem): TranslationRow {
  lastKey += 1;
  return {
    key: lastKey,
    language: item?.language ?? "",
    title: item?.title ?? "",
    abstract: item?.abstract ?? "",
    keywords: item?.keywords ?? "",
  };
}

/** A row as `translations[k]` takes it (decision 440). */
export function translationToWire({ language, title, abstract, keywords }: TranslationRow) {
  return { language, title, abstract, keywords };
}

export function TranslationRowsField(props: ListFieldProps<TranslationRow>) {
  const t = useT();
  const languageName = useLanguageName();
  return (
    <div className="space-y-3">
      <RowList
        text={{
          label: t("Other languages"),
          empty: t("The paper is given in its own language only."),
          add: t("Add a language"),
          names: (n) => ({
            up: t("Move language {n} up", { n }),
            down: t("Move language {n} down", { n }),
            remove: t("Remove language {n}", { n }),
          }),
        }}
        legend={(row, index) =>
          row.language
            ? t("Language {n}: {name}", { n: index + 1, name: languageName(row.language) })
            : t("Language {n}", { n: index + 1 })
        }
        list="translations"
        newRow={translationRowOf}
        {...props}
      >
        {({ text }) => (
          <div className="grid gap-3">
            <LanguageSelect
              label={t("Language")}
              required
              none={t("-- Select --")}
              {...text("language")}
            />
            <TextField label={t("Title in this language")} optional {...text("title")} />
            <TextAreaField
              label={t("Abstract in this language")}
              optional
              rows={6}
              {...text("abstract")}
            />
            <TextField
              label={t("Keywords in this language")}
              optional
              hint={t("Separate keywords with commas or semicolons.")}
              {...text("keywords")}
            />
          </div>
        )}
      </RowList>
    </div>
  );
}
