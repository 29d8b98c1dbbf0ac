/**
 * A small form in a card of its own, for a page with several independent forms (Your account:
 * 'Your name' and 'Change password'): a heading, a line of lead, the fields, the submit button
 * with its busy label (docs/product/states.md) and the form's notice below it ({@link FormFooter}).
 */
import type { ReactNode } from "react";
import { FormFooter } from "../forms/index.ts";
import { Card } from "../ui/card.tsx";
import type { NoticeForm } from "./use-notice-form.ts";

/** A card's texts: heading, lead, and the button's label idle and busy. */
export type FormCardText = { title: string; lead: string; submit: string; busy: string };

export function FormCard({
  id,
  text,
  form,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  text: FormCardText;
  form: NoticeForm;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="p-5 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.lead}</p>
      <form method="post" noValidate onSubmit={form.onSubmit} className="mt-5 space-y-5">
        {children}
        <FormFooter
          busy={form.busy}
          label={text.submit}
          busyLabel={text.busy}
          notice={form.notice}
          buttonClassName="w-full sm:w-auto"
        />
      </form>
    </Card>
  );
}
