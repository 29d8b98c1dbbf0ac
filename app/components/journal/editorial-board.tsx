import type { EditorPublic } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";

/**
 * The editorial board of an issue or a proceeding grouped by role name (docs/product/screens.md, Issue
 * page), roles in the order the service gives them, each member with name and institution.
 * `emptyText` (in the page's language) is shown when nobody is listed. Role names are the
 * journal's own words, shown as typed.
 */
export function EditorialBoard({
  editors,
  emptyText,
}: {
  editors: Record<string, EditorPublic[]>;
  emptyText?: string;
}) {
  const t = useT();
  const roles = Object.entries(editors).filter(([, members]) => members.length > 0);
  if (roles.length === 0) {
    return (
      <p className="text-slate-600">{emptyText ?? t("No editors are listed for this issue.")}</p>
    );
  }
  return (
    <div className="grid gap-8 sm:grid-cols-2">
      {roles.map(([role, members]) => (
        <section key={role} aria-label={role}>
          <h3 className="border-b border-slate-200 pb-2 font-sans text-xs font-semibold tracking-[0.16em] text-brand-700 uppercase">
            {role}
          </h3>
          <ul className="mt-3 space-y-3">
            {members.map((member, i) => (
              // Two editors may share a name; the list's order is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                <p className="font-serif text-[1.05rem] text-slate-900">{member.name}</p>
                {member.institution ? (
                  <p className="text-sm text-slate-600">{member.institution}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
