import { useRouteLoaderData } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { addressResults, useAddressResult } from "~/components/personal/address-results";
import { addressPart } from "~/components/personal/personal-part";
import { useSiteUrl } from "~/components/use-site-url";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { DirectoryView, type DirectoryResult } from "./directory-view";
import type { DirectoryCategories } from "./filter-fields";

/**
 * A directory address nobody asked for before (a search, a filter, a sort, a page) is the kept directory shell with
 * its parts rendered at that address (decision 074): /tools's tools, which the shell's loader data has not, travel
 * beside it as JSON under this id.
 */
export const DIRECTORY_RESULTS = addressResults<DirectoryResult>("routes/tools", "directory-result");

/** What /tools's loader data holds for every address: the categories (chips, filters, sidebar) and the catalogue's size. */
type DirectoryData = DirectoryCategories & { total: number };

/**
 * /tools's searchable, filterable tools, an address part: everything of the page that reads its query (the filters'
 * controls, the tools found, the pages, the tools as structured data) is inside it; empty in the kept shell.
 */
export const DirectoryResultsPart = addressPart("directory-results", function DirectoryResults({ searchLabel }: { searchLabel: string }) {
  const result = useAddressResult(DIRECTORY_RESULTS);
  const data = useRouteLoaderData(DIRECTORY_RESULTS.routeId) as DirectoryData | undefined;
  const siteUrl = useSiteUrl();
  if (!result || !data) return null;
  return (
    <>
      <DirectoryView result={result} categories={data.categories} sidebarCategories={data.sidebarCategories} total={data.total} searchLabel={searchLabel} />
      <JsonLd
        data={itemListJsonLd(
          result.tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
    </>
  );
});
