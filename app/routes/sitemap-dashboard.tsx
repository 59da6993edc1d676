import type { RouteHandle } from "~/lib/route-handle";
import { Link, useActionData } from "react-router";
import { SubmissionControls, SubmissionList } from "~/components/seo/submission-panel";
import { LinkTabs, tabOf, type LinkTab } from "~/components/ui/link-tabs";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITEMAP_FILES, SITEMAP_INDEX } from "~/lib/seo/sitemaps";
import { listSubmissions, SUBMISSIONS_TAG } from "~/models/search-engine/submissions.server";
import { submitUrlsWrite } from "~/models/search-engine/writes.server";
import { tagPage } from "~/utils/cache.server";
import { viewerOf } from "~/utils/guards.server";
import { indexNowConfig } from "~/utils/indexnow.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/sitemap-dashboard";

export const handle = { cache: "shared" } satisfies RouteHandle;

const TABS = [
  { id: "manage", label: "Manage" },
  { id: "verify", label: "Verify" },
  { id: "troubleshoot", label: "Troubleshoot" },
] as const satisfies readonly LinkTab<string>[];

/** Public to read (spec part 2 §6); submitting is the owner's (models/search-engine/writes.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  tagPage(SUBMISSIONS_TAG);
  const config = indexNowConfig();
  return {
    tab: tabOf(TABS, new URL(args.request.url).searchParams.get("tab")),
    submissions: await listSubmissions(),
    indexNow: config ? { on: true as const, engine: config.engine, keyLocation: config.keyLocation } : { on: false as const },
    role: viewerOf(args, { use: "page" })?.role ?? null,
  };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { submit: { spec: submitUrlsWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  // An owner's tool: kept out of search results and out of the sitemaps.
  return pageMeta({
    title: "Sitemap Dashboard",
    description: "Submit the site's pages to search engines with IndexNow, check how search engines see the sitemaps, and fix what they report.",
    path: "/sitemap-dashboard",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

const RESOURCES = [
  { href: "https://search.google.com/search-console", label: "Google Search Console" },
  { href: "https://www.bing.com/webmasters", label: "Bing Webmaster Tools" },
  { href: "https://www.indexnow.org/documentation", label: "IndexNow documentation" },
  { href: "https://www.sitemaps.org/protocol.html", label: "Sitemaps protocol (sitemaps.org)" },
];

const linkClass = "underline underline-offset-2";

export default function SitemapDashboard({ loaderData }: Route.ComponentProps) {
  const { tab, submissions, indexNow, role } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Sitemap Dashboard</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        How search engines learn about this site&apos;s pages: the sitemaps they read, the changed pages we submit to them, and what to do when they report a problem.
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0 space-y-6">
          <LinkTabs label="Dashboard sections" tabs={TABS} current={tab} />
          {tab === "manage" && <ManageTab submissions={submissions} indexNow={indexNow} role={role} reply={reply} />}
          {tab === "verify" && <VerifyTab keyLocation={indexNow.on ? indexNow.keyLocation : null} />}
          {tab === "troubleshoot" && <TroubleshootTab />}
        </div>
        <aside aria-labelledby="resources-heading" className="text-sm">
          <h2 id="resources-heading" className="font-semibold">
            Resources
          </h2>
          <ul className="mt-2 space-y-2">
            {RESOURCES.map((resource) => (
              <li key={resource.href}>
                <a href={resource.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {resource.label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/sitemap-download" className={linkClass}>
                Download and validate the sitemaps
              </Link>
            </li>
            <li>
              <Link to="/verification" className={linkClass}>
                Site verification checks
              </Link>
            </li>
          </ul>
        </aside>
      </div>
    </main>
  );
}

function ManageTab({
  submissions,
  indexNow,
  role,
  reply,
}: {
  submissions: Route.ComponentProps["loaderData"]["submissions"];
  indexNow: Route.ComponentProps["loaderData"]["indexNow"];
  role: string | null;
  reply: Reply | undefined;
}) {
  return (
    <>
      <section aria-labelledby="submit-heading" className="space-y-3">
        <h2 id="submit-heading" className="text-xl font-semibold">
          Search-engine submission
        </h2>
        <SubmissionControls indexNow={indexNow} role={role} reply={reply} />
        <h3 className="pt-2 font-semibold">Results</h3>
        <SubmissionList submissions={submissions} />
      </section>
      <section aria-labelledby="pings-heading" className="space-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
        <h2 id="pings-heading" className="font-semibold">
          Why there is no &lsquo;Ping Google&rsquo; button
        </h2>
        <p>
          The sitemap ping addresses of the big engines are retired: Bing stopped taking anonymous sitemap pings in May 2022 and points to IndexNow instead, and Google retired its
          sitemap ping endpoint in 2023. A ping to them does nothing, so this site never sends one. Google reads the sitemaps named in <code>/robots.txt</code> and those submitted
          in{" "}
          <a href="https://search.google.com/search-console" className={linkClass} rel="noopener noreferrer" target="_blank">
            Google Search Console
          </a>
          ; Bing takes them in{" "}
          <a href="https://www.bing.com/webmasters" className={linkClass} rel="noopener noreferrer" target="_blank">
            Bing Webmaster Tools
          </a>{" "}
          and changed pages through IndexNow. No visitor&apos;s page view sends anything to a search engine.
        </p>
      </section>
      <section aria-labelledby="files-heading" className="space-y-2">
        <h2 id="files-heading" className="text-xl font-semibold">
          Sitemap files
        </h2>
        <ul className="space-y-1 text-sm">
          {SITEMAP_FILES.map((file) => (
            <li key={file.path}>
              <a href={file.path} className={linkClass}>
                {file.path}
              </a>{" "}
              <span className="text-muted-foreground">{file.description}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm">
          <Link to="/sitemap-download" className={linkClass}>
            Validate or download them
          </Link>
          .
        </p>
      </section>
    </>
  );
}

function VerifyTab({ keyLocation }: { keyLocation: string | null }) {
  return (
    <section aria-labelledby="verify-heading" className="space-y-4 text-sm">
      <h2 id="verify-heading" className="text-xl font-semibold">
        Verify the site with the search engines
      </h2>
      <ol className="list-decimal space-y-3 pl-5">
        <li>
          In{" "}
          <a href="https://search.google.com/search-console" className={linkClass} rel="noopener noreferrer" target="_blank">
            Google Search Console
          </a>
          , add the site as a domain property and prove ownership with the DNS record it gives you. Then, under Sitemaps, submit <code>{SITEMAP_INDEX.path}</code>.
        </li>
        <li>
          In{" "}
          <a href="https://www.bing.com/webmasters" className={linkClass} rel="noopener noreferrer" target="_blank">
            Bing Webmaster Tools
          </a>
          , import the site from Search Console (or verify it by DNS) and submit <code>{SITEMAP_INDEX.path}</code> there too.
        </li>
        <li>
          {keyLocation ? (
            <>
              IndexNow: the key file{" "}
              <a href={keyLocation} className={`${linkClass} break-all`}>
                {keyLocation}
              </a>{" "}
              must answer with the key as plain text. Engines fetch it to confirm that submissions come from this site.
            </>
          ) : (
            <>IndexNow is off. With INDEXNOW_KEY set, the key file it serves is what proves that submissions come from this site.</>
          )}
        </li>
        <li>
          <code>/robots.txt</code> names the sitemap index, so every engine finds the sitemaps without being told.
        </li>
        <li>
          <Link to="/verification" className={linkClass}>
            Run the site verification checks
          </Link>{" "}
          (titles, descriptions, canonical URLs, structured data, feeds and sitemaps).
        </li>
      </ol>
    </section>
  );
}

const PROBLEMS = [
  { problem: "Failed: HTTP 403", fix: "The key is not valid for this site: check that the key file opens at /{key}.txt on the public address (SITE_URL) and holds the key alone." },
  { problem: "Failed: HTTP 422", fix: "The URLs do not belong to the host of the key, or the key does not match the file. SITE_URL must be the public address of the site." },
  { problem: "Failed: HTTP 429", fix: "Too many requests: the engine wants fewer submissions. Submit changed pages only, and less often." },
  { problem: "Failed: HTTP 400", fix: "The engine could not read the request. Report it: the format is fixed in the code." },
  {
    problem: "Failed: Request failed or no answer",
    fix: "The endpoint could not be reached from the server (network, firewall or INDEXNOW_ENDPOINT). The next submission tries again.",
  },
  { problem: "Success (HTTP 202)", fix: "Accepted; the engine has not checked the key yet. Nothing to do." },
  { problem: "A sitemap is Invalid", fix: "Open the sitemap tools to see the first errors of each file, and check the content the file is built from." },
  {
    problem: "A page is missing from the sitemaps",
    fix: "Pages marked noindex (searches, filtered listings, personal pages, these tools) and redirecting addresses are left out on purpose.",
  },
];

function TroubleshootTab() {
  return (
    <section aria-labelledby="troubleshoot-heading" className="space-y-4 text-sm">
      <h2 id="troubleshoot-heading" className="text-xl font-semibold">
        Troubleshoot
      </h2>
      <dl className="divide-y rounded-md border">
        {PROBLEMS.map((row) => (
          <div key={row.problem} className="grid gap-1 p-3 sm:grid-cols-[14rem_1fr]">
            <dt className="font-medium">{row.problem}</dt>
            <dd className="text-muted-foreground">{row.fix}</dd>
          </div>
        ))}
      </dl>
      <p>
        Search Console and Bing Webmaster Tools report the pages they could not index, and why; the{" "}
        <Link to="/sitemap-download" className={linkClass}>
          sitemap tools
        </Link>{" "}
        show what the sitemaps hold right now.
      </p>
    </section>
  );
}
