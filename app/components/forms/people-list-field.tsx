/**
 * The Editor(s) and Author(s) fields of the dashboard forms (docs/product/screens.md: "name, email,
 * institution, role, with an Add button and a row list with an X remove button"). The manager
 * fills the entry fields and presses Add; the person is checked with the shared schema
 * (`editorSchema` / `authorSchema`) and appended to the list, which the form sends as
 * `editors[i][…]` / `authors[i][…]`. Each row has an X button that removes it.
 */
import { useId, useState } from "react";
import { authorSchema, editorSchema } from "../../../shared/schemas.ts";
import { useT } from "../../i18n/use-t.tsx";
import { buttonClass } from "../ui/styles.ts";
import { EmailField, FieldError, TextField } from "./field.tsx";

export type Person = { name: string; email: string; institution: string; role?: string };

type Props = {
  /** `editor` asks for a role too (docs/product/data.md, Editor); `author` does not. */
  kind: "editor" | "author";
  /** Legend of the group, translated, e.g. 'Editor(s)'. */
  legend: string;
  people: Person[];
  onChange: (people: Person[]) => void;
  /** A message about the list as a whole (from the server, say). */
  error?: string;
};

const EMPTY: Person = { name: "", email: "", institution: "", role: "" };

export function PeopleListField({ kind, legend, people, onChange, error }: Props) {
  const [draft, setDraft] = useState<Person>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const listId = useId();
  const t = useT();

  function add() {
    const parsed = (kind === "editor" ? editorSchema : authorSchema).safeParse(draft);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    onChange([...people, parsed.data]);
    setDraft(EMPTY);
    setErrors({});
  }

  const onEnter = (event: React.KeyboardEvent) => {
    // Enter in an entry field adds the person instead of submitting the whole form.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };
  /** An entry field's props: the draft's value, its change, its message, Enter adds. */
  const entry = (field: keyof Person) => ({
    value: draft[field] ?? "",
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft({ ...draft, [field]: event.target.value }),
    error: errors[field],
    autoComplete: "off",
    onKeyDown: onEnter,
  });

  return (
    <fieldset className="rounded-sm border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("Name")} {...entry("name")} />
        <EmailField label={t("Email")} optional {...entry("email")} />
        <TextField label={t("Institution")} optional {...entry("institution")} />
        {kind === "editor" ? (
          <TextField label={t("Role")} placeholder={t("Editor-in-Chief")} {...entry("role")} />
        ) : null}
      </div>
      <div className="mt-3">
        <button type="button" onClick={add} className={buttonClass("secondary", "min-h-10")}>
          {t("Add")}
        </button>
      </div>
      {people.length ? (
        <ul
          id={listId}
          aria-label={t("{kind, select, editor {Editor(s) added} other {Author(s) added}}", {
            kind,
          })}
          className="mt-4 divide-y divide-slate-200 border-y border-slate-200"
        >
          {people.map((person, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is the identity
              key={index}
              className="flex items-start justify-between gap-3 py-2 text-sm"
            >
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">{person.name}</span>
                {kind === "editor" && person.role ? (
                  <span className="text-slate-700"> · {person.role}</span>
                ) : null}
                <span className="block break-words text-slate-600">
                  {[person.institution, person.email].filter(Boolean).join(" · ")}
                </span>
              </span>
              <button
                type="button"
                onClick={() => onChange(people.filter((_, i) => i !== index))}
                aria-label={t(
                  "{kind, select, editor {Remove editor {name}} other {Remove author {name}}}",
                  { kind, name: person.name },
                )}
                className="shrink-0 rounded-sm px-2 py-1 font-bold text-red-800 hover:bg-red-50"
              >
                X
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {t("{kind, select, editor {No editors added yet.} other {No authors added yet.}}", {
            kind,
          })}
        </p>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}
