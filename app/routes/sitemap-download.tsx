import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { SitemapFileList, SitemapPreview, useSitemapChecks } from "~/components/seo/sitemap-files";
import { LinkTabs, tabOf, type LinkTab } from "~/components/ui/link-tabs";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITEMAP_INDEX } from "~/lib/seo/sitemaps";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import type { Route } from "./+types/sitemap-download";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

const TABS = [
  { id: "download", label: "Download & Validate" },
  { id: "preview", label: "Preview" },
  { id: "information", label: "Information" },
] as const satisfies readonly LinkTab<string>[];

export function loader({ request }: Route.LoaderArgs) {
  // The page itself is the same for everyone; the files are checked by the browser.
  tagPage(...CATALOGUE);
  return { tab: tabOf(TABS, new URL(request.url).searchParams.get("tab")) };
}

export function meta({ matches }: Route.MetaArgs) {
  // An owner's tool: kept out of search results and out of the sitemaps.
  return pageMeta({
    title: "Sitemap Download & Validation",
    description: "Check, preview and download the five XML sitemaps the site serves: size, URL count and the first errors of each file.",
    path: "/sitemap-download",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function SitemapDownloadPage({ loaderData }: Route.ComponentProps) {
  const checks = useSitemapChecks();
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Sitemaps</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        The XML sitemaps search engines read, checked as they are served right now. See the{" "}
        <Link to="/sitemap-dashboard" className="underline underline-offset-2">
          sitemap dashboard
        </Link>{" "}
        for submission to search engines.
      </p>
      <div className="mt-8 space-y-6">
        <LinkTabs label="Sitemap tools" tabs={TABS} current={loaderData.tab} />
        {loaderData.tab === "download" && (
          <section aria-labelledby="download-heading">
            <h2 id="download-heading" className="sr-only">
              Download &amp; Validate
            </h2>
            <SitemapFileList {...checks} />
          </section>
        )}
        {loaderData.tab === "preview" && (
          <section aria-labelledby="preview-heading">
            <h2 id="preview-heading" className="sr-only">
              Preview
            </h2>
            <SitemapPreview />
          </section>
        )}
        {loaderData.tab === "information" && <Information />}
      </div>
    </main>
  );
}

function Information() {
  return (
    <section aria-labelledby="information-heading" className="max-w-3xl space-y-3 text-sm leading-relaxed">
      <h2 id="information-heading" className="text-xl font-semibold">
        About these files
      </h2>
      <p>
        A sitemap lists the pages of a site that search engines should index, with the date each last changed (<code>lastmod</code>). The index,{" "}
        <a href={SITEMAP_INDEX.path} className="underline underline-offset-2">
          {SITEMAP_INDEX.path}
        </a>
        , names the four others: the main pages, the tool reviews, the articles and the course listings. <code>/robots.txt</code> names the index, so engines find it on their own.
      </p>
      <p>
        The server builds every file from the database when content changes; the dates are those of the content itself. Pages marked <code>noindex</code> (searches, filtered
        listings, personal pages and owner tools such as this one) and addresses that redirect are left out.
      </p>
      <p>
        Validation follows the sitemaps protocol: the file must be well-formed XML with a <code>urlset</code> or <code>sitemapindex</code> root, and every entry needs a{" "}
        <code>loc</code> holding an absolute URL. A file may list at most 50,000 URLs and weigh at most 50 MB uncompressed.
      </p>
    </section>
  );
}
