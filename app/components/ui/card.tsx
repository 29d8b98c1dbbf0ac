/** A white panel with a hairline border: the container of journal, issue and contact cards. */
export function Card({
  as: Tag = "article",
  className = "",
  children,
  ...rest
}: {
  as?: "article" | "div" | "section" | "li" | "aside";
  className?: string;
  children: React.ReactNode;
} & React.HTMLAttributes<HTMLElement>) {
  return (
    <Tag className={`rounded-sm border border-slate-200 bg-white shadow-xs ${className}`} {...rest}>
      {children}
    </Tag>
  );
}
