import { lazy, Suspense, useCallback, useContext, useEffect, useState } from "react";
import { inPage } from "~/utils/page-text.server";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetcher,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { Breadcrumbs } from "~/components/layout/breadcrumbs";
import { usePaletteShortcut } from "~/components/layout/use-palette-shortcut";
import { DebugOverlay } from "~/components/layout/debug-overlay";
import { HealthBanner } from "~/components/layout/health-banner";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { isNotFound, isUnavailable, NotFoundScreen, SomethingWentWrong, UnavailableScreen } from "~/components/error-screens-lazy";
import { Toaster } from "~/components/ui/toaster";
import { AccountDialogProvider } from "~/components/account/account-dialog";
import { showToast } from "~/components/ui/toast";
import { takeFlash } from "~/utils/flash.server";
import { readableParams, viewerOf } from "~/utils/guards.server";
import { personalDataFor } from "~/models/account/personal.server";
import { usePersonalData } from "~/components/personal/personal-data";
import { breadcrumbsFor } from "~/lib/ui/breadcrumbs";
import type { RouteHandle } from "~/lib/route-handle";
import { parseTheme, themeFromCookieHeader } from "~/lib/ui/theme";
import { LOCAL_BOOKMARKS_KEY, SITE_NAME } from "~/lib/site";
import { THEME_FETCHER_KEY } from "~/components/layout/theme-toggle";
import { countTools, listCategoriesWithCounts } from "~/models/category/queries.server";
import { getEnv } from "~/utils/env.server";
import { unavailableMiddleware } from "~/utils/unavailable.server";
import type { Route } from "./+types/root";
import { DiagnosticScreen } from "~/components/diagnostics/diagnostic-screen";
import { installChunkRecovery } from "~/components/diagnostics/chunk-recovery";
import { VitalsReporter } from "~/components/vitals/vitals-reporter";
import { diagnosticModeOf } from "~/lib/vitals/diagnostics";
import stylesheet from "./app.css?url";
import { DocumentNonce, useDocumentHydrates, useReadingPage } from "~/components/layout/document-hydration";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.json" },
  // Feed autodiscovery on every page (issue 17).
  { rel: "alternate", type: "application/rss+xml", title: SITE_NAME, href: "/feed.xml" },
];

/**
 * While the database is down, requests are answered 503 with the 'temporarily unavailable' screen
 * (ErrorBoundary below); path parameters no page could have are a 404 before any loader runs.
 */
export const middleware: Route.MiddlewareFunction[] = [unavailableMiddleware, readableParams];

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv();
  const [categories, toolCount] = await Promise.all([listCategoriesWithCounts(), countTools()]);
  return {
    /** Who is signed in and what they saved, for the page's personal parts (components/personal, decision 054). */
    ...(await personalDataFor(viewerOf({ context }, { use: "personal-parts" }))),
    /** A one-time message from the previous request (signed in, signed out, account deleted...). */
    flash: takeFlash(request, context),
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    contactEmail: env.CONTACT_EMAIL,
    siteUrl: env.SITE_URL,
    // Links only, in a document's HTML only (issue 43); the root's data is not read again on a client navigation.
    footerCategories: inPage(
      context,
      categories.slice(0, 8).map(({ slug, name }) => ({ slug, name })),
    ),
    /** The catalogue size, for the not-found page. */
    toolCount,
    /** Share of page views whose web vitals are reported (VITALS_SAMPLE_RATE). */
    vitalsSampleRate: env.VITALS_SAMPLE_RATE,
  };
}

/**
 * Shell data changes only with the theme, the session (every form submission may sign in or out)
 * or a deploy: skip it on ordinary navigations.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/resources/theme" ? true : formAction ? defaultShouldRevalidate : false;

/**
 * Articles saved on this device before signing in move to the account once the reader is signed in. The hand-over's
 * code (and the local list's) loads only when there is a list: it is not part of every page's first load.
 */
function BookmarkHandOver() {
  const signedIn = usePersonalData().viewer !== null;
  useEffect(() => {
    if (signedIn && localStorage.getItem(LOCAL_BOOKMARKS_KEY)) void import("~/enhance/bookmarks").then((module) => module.handOverLocalBookmarks(showToast));
  }, [signedIn]);
  return null;
}

/**
 * Shows the flash message as a toast; without JavaScript it is printed under the header instead, and on a
 * reading page always.
 */
function FlashMessage({ flash }: { flash: RootData["flash"] }) {
  const hydrates = useDocumentHydrates();
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  if (!flash) return null;
  const message = (
    <div role="status" className="mx-auto mt-3 max-w-7xl px-4" data-flash="">
      <p className="rounded-md border bg-card p-3 text-sm">
        <strong>{flash.title}</strong> {flash.description}
      </p>
    </div>
  );
  // A reading page has no toasts: the message is part of the page (and what its script reads after a form post).
  return hydrates ? <noscript>{message}</noscript> : message;
}

type RootData = Awaited<ReturnType<typeof loader>>;

const CommandPalette = lazy(() => import("~/components/layout/command-palette"));

function useBreadcrumbs() {
  const location = useLocation();
  const matches = useMatches();
  // Error and not-found pages have no trail: the address names nothing that exists.
  if (useRouteError()) return [];
  const leaf = matches.at(-1);
  const handle = leaf?.handle as RouteHandle | undefined;
  if (location.pathname === "/" || handle?.breadcrumbs === false) return [];
  return handle?.crumbs?.(leaf?.loaderData) ?? breadcrumbsFor(location.pathname, handle?.breadcrumb?.(leaf?.loaderData));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const readingPage = useReadingPage();
  const nonce = useContext(DocumentNonce);
  // The theme being saved shows at once, before the cookie round trip ends.
  const pendingTheme = useFetcher({ key: THEME_FETCHER_KEY }).formData?.get("theme");
  const theme = typeof pendingTheme === "string" ? parseTheme(pendingTheme) : (data?.theme ?? "system");
  const [paletteOpen, setPaletteOpen] = useState(false);
  // The palette's code loads the first time it is opened, then stays mounted.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const openPalette = useCallback((open: boolean) => {
    if (open) setPaletteUsed(true);
    setPaletteOpen(open);
  }, []);
  usePaletteShortcut(useCallback(() => openPalette(!paletteOpen), [openPalette, paletteOpen]));
  const crumbs = useBreadcrumbs();
  // The 503 page shows the health banner at once, rather than at its first poll.
  const unavailable = isUnavailable(useRouteError());
  // ?mode=minimal|step-test|loading-test: the diagnostic variants (lib/vitals/diagnostics.ts), never indexed.
  const mode = diagnosticModeOf(useLocation().search);
  useEffect(() => {
    // Lets browser tests (and CSS, if ever needed) know the page is interactive, error pages included.
    document.documentElement.dataset.hydrated = "true";
    performance.mark("atlas:hydrated");
    return installChunkRecovery();
  }, []);
  return (
    <html lang="en" className={theme === "dark" ? "dark" : undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React writes it right after the viewport, before anything else the page fetches (issue 30). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#4338ca" />
        {mode && <meta name="robots" content="noindex" />}
        {theme === "system" && mode !== "minimal" && (
          // Follows the OS preference before first paint, so dark-mode users see no flash.
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{
              __html: "if(matchMedia('(prefers-color-scheme: dark)').matches)document.documentElement.classList.add('dark')",
            }}
          />
        )}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
          Skip to content
        </a>
        <AccountDialogProvider>
          <HealthBanner databaseDown={unavailable} />
          <SiteHeader theme={theme} onOpenPalette={() => openPalette(true)} />
          <FlashMessage flash={data?.flash ?? null} />
          <BookmarkHandOver />
          <Breadcrumbs items={crumbs} />
          <div className="flex-1">{mode === "step-test" || mode === "loading-test" ? <DiagnosticScreen mode={mode} /> : children}</div>
          <SiteFooter categories={data?.footerCategories ?? []} contactEmail={data?.contactEmail ?? ""} />
          {paletteUsed && (
            <Suspense fallback={null}>
              <CommandPalette open={paletteOpen} onOpenChange={openPalette} />
            </Suspense>
          )}
          <DebugOverlay />
          <Toaster theme={theme === "dark" ? "dark" : "light"} />
          {!mode && <VitalsReporter rate={data?.vitalsSampleRate ?? 0} />}
        </AccountDialogProvider>
        {mode !== "minimal" &&
          (readingPage ? (
            readingPage.scripts
          ) : (
            <>
              <ScrollRestoration />
              <Scripts />
            </>
          ))}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<RootData>("root");
  if (isNotFound(error)) return <NotFoundScreen data={(error as { data?: unknown }).data} toolCount={root?.toolCount} siteUrl={root?.siteUrl} />;
  if (isUnavailable(error)) return <UnavailableScreen />;
  return (
    <>
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <SomethingWentWrong />
    </>
  );
}
