import { ArrowLeft, Home, RefreshCw, SearchX } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";

export const MAX_ERROR_RETRIES = 3;

function GoBackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="ghost" onClick={() => navigate(-1)}>
      <ArrowLeft /> Go Back
    </Button>
  );
}

/** The generic render-error screen (spec part 1 §4 'Error boundary'): at most 3 retries. */
export function SomethingWentWrong() {
  const revalidator = useRevalidator();
  const [retries, setRetries] = useState(0);
  const exhausted = retries >= MAX_ERROR_RETRIES;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        {exhausted
          ? "We tried a few times and it still did not work. Please reload the page or come back a little later."
          : "An unexpected error stopped this page from loading. Your data is safe; please try again."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button
          disabled={exhausted || revalidator.state === "loading"}
          onClick={() => {
            setRetries((count) => count + 1);
            void revalidator.revalidate();
          }}
        >
          <RefreshCw /> Try Again
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <GoBackButton />
      </div>
    </main>
  );
}

const NOT_FOUND_LINKS = [
  { href: "/tools", label: "Browse all AI tools" },
  { href: "/tools/category/ai-assistant", label: "AI Assistants" },
  { href: "/tools/category/content-writing", label: "Content Writing" },
  { href: "/tools/category/image-generation", label: "Image Generation" },
  { href: "/tools/category/productivity", label: "Productivity" },
] as const;

const NOT_FOUND_PAGES = [
  { href: "/", label: "Home" },
  { href: "/blog", label: "Blog" },
  { href: "/tools/comparison", label: "Compare tools" },
  { href: "/contact", label: "Contact us" },
] as const;

/** The not-found page of spec part 2 §2.8, with the catalogue size read from the database. */
export function NotFoundContent({ toolCount }: { toolCount?: number }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <SearchX className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-primary">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you asked for does not exist or has moved.
        {toolCount ? ` Our directory covers ${toolCount} AI tools; one of these may help:` : " One of these may help:"}
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {NOT_FOUND_LINKS.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="block rounded-lg border p-4 text-left font-medium hover:bg-accent">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {NOT_FOUND_PAGES.map((link) => (
          <Button key={link.href} asChild variant="outline">
            <Link to={link.href}>{link.href === "/" ? <><Home /> {link.label}</> : link.label}</Link>
          </Button>
        ))}
        <GoBackButton />
      </div>
    </main>
  );
}
