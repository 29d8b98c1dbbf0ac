import { Link } from "react-router";
import { MESSAGES } from "../../shared/constants.ts";

/** The page for every unmatched route (spec section 2). */
export function NotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-serif text-4xl">{MESSAGES.notFound}</h1>
      <p className="mt-4">
        <Link to="/" className="underline">
          Back to the home page
        </Link>
      </p>
    </main>
  );
}
