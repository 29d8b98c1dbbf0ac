import { Link } from "./link.tsx";
import { type ButtonVariant, buttonClass } from "./styles.ts";

/**
 * An in-site link styled as a button. `hiddenSuffix` is read by screen readers only, so several
 * links with the same visible label ('View Journal') still have distinct names (WCAG 2.4.4).
 */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  hiddenSuffix,
  className = "",
}: {
  to: string;
  children: React.ReactNode;
  variant?: ButtonVariant;
  hiddenSuffix?: string;
  className?: string;
}) {
  return (
    <Link to={to} className={buttonClass(variant, className)}>
      {children}
      {hiddenSuffix ? <span className="sr-only">: {hiddenSuffix}</span> : null}
    </Link>
  );
}
