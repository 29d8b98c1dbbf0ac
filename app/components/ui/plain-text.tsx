/**
 * Text a manager typed (intros, guidelines) shown as plain text: blank lines start a new
 * paragraph, single line breaks are kept, and nothing is ever interpreted as HTML (React escapes).
 */
export function PlainText({ text, className = "" }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={`space-y-4 leading-relaxed ${className}`}>
      {paragraphs.map((paragraph, i) => (
        // Paragraphs have no identity of their own; their order is the text's order.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
