/**
 * Page and section headings: serif display type with an optional kicker line and lead text.
 */

/** The `<h1>` block at the top of a page. */
export function PageHeading({
  title,
  kicker,
  lead,
  children,
}: {
  title: React.ReactNode;
  kicker?: React.ReactNode;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-8 border-b border-slate-200 pb-6">
      {kicker ? (
        <p className="mb-2 text-xs font-semibold uppercase tracking-[0.16em] text-brand-700">
          {kicker}
        </p>
      ) : null}
      <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{title}</h1>
      {lead ? (
        <p className="mt-3 max-w-3xl text-lg leading-relaxed text-slate-600">{lead}</p>
      ) : null}
      {children}
    </header>
  );
}

/** An `<h2>` section title with a short accent rule above it. */
export function SectionHeading({
  id,
  children,
  aside,
}: {
  id?: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
      <div>
        <span aria-hidden="true" className="mb-3 block h-0.5 w-12 bg-brand-700" />
        <h2 id={id} className="text-2xl leading-snug font-semibold sm:text-3xl">
          {children}
        </h2>
      </div>
      {aside}
    </div>
  );
}

/**
 * A `<section>` of a page's text (abstract, keywords, funding, references, 'Cite this paper', a
 * proceeding's introduction) named by its `<h2>` title: `headingId` is the title's id, which the
 * section's `aria-labelledby` names (and a link may target); `className` places the section.
 */
export function TitledSection({
  headingId,
  title,
  className,
  children,
}: {
  headingId: string;
  title: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
