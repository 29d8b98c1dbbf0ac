/**
 * A quiet line for a list that loaded and is empty ("No journals yet."). A list whose load
 * failed shows nothing at all instead (docs/product/errors.md).
 */
export function EmptyNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-sm border border-dashed border-slate-300 bg-white/60 px-5 py-6 text-center text-slate-600">
      {children}
    </p>
  );
}
