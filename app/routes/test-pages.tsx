import type { RouteHandle } from "~/lib/route-handle";
import { useEffect, useState } from "react";
import { Link, useMatches } from "react-router";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import type { Route } from "./+types/test-pages";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

/**
 * /test1 and /test2 (spec part 1 §2.1 'Test routes'): diagnostic pages for the owner, public like every page
 * of the spec, never indexed and left out of the sitemaps. /test1 shows that server rendering and hydration
 * work and links the diagnostic modes; /test2 asks the browser what it supports.
 */
export function loader() {
  tagPage(...CATALOGUE);
  return null;
}

const PAGES = {
  test1: { title: "Test Page 1: Rendering", description: "Diagnostic page: server rendering, hydration and the diagnostic modes of the site." },
  test2: { title: "Test Page 2: Browser Features", description: "Diagnostic page: the browser features the site relies on, checked in this browser." },
} as const;

const pageOf = (id: string | undefined) => (id === "test2" ? "test2" : "test1");

export function meta({ matches }: Route.MetaArgs) {
  const page = pageOf(matches.at(-1)?.id);
  return pageMeta({ ...PAGES[page], path: `/${page}`, siteUrl: siteUrlOf(matches), noindex: true });
}

type Check = { name: string; ok: boolean | null };

function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

function CheckList({ checks }: { checks: Check[] }) {
  return (
    <ul className="mt-4 space-y-2" aria-label="Checks">
      {checks.map((check) => (
        <li key={check.name} data-check={check.ok === null ? "pending" : check.ok ? "pass" : "fail"} className="flex justify-between gap-4 rounded-md border p-3">
          <span>{check.name}</span>
          <strong>{check.ok === null ? "Not checked (needs JavaScript)" : check.ok ? "Yes" : "No"}</strong>
        </li>
      ))}
    </ul>
  );
}

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

function TestOne() {
  const hydrated = useHydrated();
  return (
    <>
      <CheckList
        checks={[
          { name: "Server rendering", ok: true },
          { name: "Client JavaScript running (hydrated)", ok: hydrated ? true : null },
        ]}
      />
      <h2 className="mt-8 text-xl font-semibold">Diagnostic modes of the home page</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <a className={linkClass} href="/?mode=minimal">
            Minimal (no JavaScript)
          </a>
        </li>
        <li>
          <a className={linkClass} href="/?mode=step-test">
            Start-up steps
          </a>
        </li>
        <li>
          <a className={linkClass} href="/?mode=loading-test">
            Loading guards
          </a>
        </li>
      </ul>
      <p className="mt-6">
        <Link className={linkClass} to="/test2">
          Test page 2: browser features
        </Link>{" "}
        ·{" "}
        <Link className={linkClass} to="/verification">
          Site verification
        </Link>
      </p>
    </>
  );
}

function browserChecks(): Check[] {
  const storage = (get: () => Storage) => {
    try {
      const store = get();
      store.setItem("atlas.test2", "1");
      store.removeItem("atlas.test2");
      return true;
    } catch {
      return false;
    }
  };
  return [
    { name: "Local storage (drafts, saved articles on this device)", ok: storage(() => localStorage) },
    { name: "Session storage", ok: storage(() => sessionStorage) },
    { name: "Fetch", ok: typeof fetch === "function" },
    { name: "Cache Storage", ok: "caches" in window },
    { name: "Beacons (sendBeacon)", ok: typeof navigator.sendBeacon === "function" },
    { name: "PerformanceObserver (web vitals)", ok: typeof PerformanceObserver === "function" },
    { name: "Clipboard (copy link)", ok: Boolean(navigator.clipboard) },
    { name: "CSS grid", ok: CSS.supports("display", "grid") },
  ];
}

function TestTwo() {
  const [checks, setChecks] = useState<Check[] | null>(null);
  useEffect(() => setChecks(browserChecks()), []);
  return (
    <>
      <CheckList checks={checks ?? [{ name: "Browser features", ok: null }]} />
      <p className="mt-6">
        <Link className={linkClass} to="/test1">
          Test page 1: rendering
        </Link>
      </p>
    </>
  );
}

export default function TestPage() {
  const page = pageOf(useMatches().at(-1)?.id);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{PAGES[page].title}</h1>
      <p className="mt-2 text-muted-foreground">{PAGES[page].description}</p>
      {page === "test1" ? <TestOne /> : <TestTwo />}
    </main>
  );
}
