/**
 * The document shell and the site layout shared by every page (spec section 2, Shared layout).
 */
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteLayout } from "./components/layout/site-layout.tsx";
import { NotFound } from "./components/not-found.tsx";
import { appContext, requestContext } from "./context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const { nonce, user, origin } = context.get(requestContext);
  return {
    siteName: config.siteName,
    nonce,
    user: user ? { name: user.name } : null,
    origin,
    year: new Date().getFullYear(),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <SiteLayout>
      {notFound ? (
        <NotFound />
      ) : (
        <main className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h1 className="font-serif text-3xl">Something went wrong.</h1>
          <p className="mt-4 text-slate-600">Please try again in a moment.</p>
        </main>
      )}
    </SiteLayout>
  );
}
