/**
 * The full-page message a dashboard list or page shows instead of its content when its load
 * fails (docs/product/screens.md, docs/product/roles.md and docs/product/errors.md): the server's msg, else 'Not Authorised to Access This Page',
 * translated (a default of the screen is a catalogue message; the server's msg comes in the
 * page's language already).
 */
import { MESSAGES } from "../../../shared/constants.ts";
import { useT } from "../../i18n/use-t.tsx";

export function PageMessage({ message }: { message?: string }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-2xl py-16 text-center">
      <p className="font-serif text-2xl text-slate-900">{t(message || MESSAGES.notAuthorised)}</p>
    </div>
  );
}
