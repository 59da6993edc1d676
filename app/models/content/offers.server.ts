import path from "node:path";
import { appRoot } from "~/utils/paths.server";
import { ContentError, readToolFiles } from "./load.server";
import { readContentJson } from "./page-copy.server";
import { dealsFileSchema, partnerProgramsFileSchema, type DealContent, type PartnerProgramContent, type ToolContent } from "./schemas";

/**
 * Deals and partner programs (content/deals.json, content/partner-programs.json): editorial copy read
 * and validated once at start like the rest of the page copy, not database rows. Each deal must name a
 * tool of the catalogue; its tool name and category come from there. Whether a deal is live is decided
 * when a page is rendered (models/deal/queries.server.ts), never here.
 */
/** `categorySlugs`: every category of the deal's tool, primary first (issue 29): the /deals filter lists it under each. */
export type Deal = DealContent & { toolName: string; categorySlugs: string[] };
export type PartnerProgram = PartnerProgramContent;
export type Offers = { deals: Deal[]; partnerPrograms: PartnerProgram[] };

type ToolRef = Pick<ToolContent, "slug" | "name" | "categoryId" | "secondaryCategoryIds">;

/** Checks every deal against the catalogue (an unknown tool or a repeated id stops the start) and adds its tool's name and category. */
export function resolveDeals(deals: DealContent[], tools: ToolRef[]): Deal[] {
  const bySlug = new Map(tools.map((tool) => [tool.slug, tool]));
  const ids = new Set<string>();
  return deals.map((deal) => {
    if (ids.has(deal.id)) throw new ContentError(`content/deals.json: deal id "${deal.id}" is used twice`);
    ids.add(deal.id);
    const tool = bySlug.get(deal.toolSlug);
    if (!tool) throw new ContentError(`content/deals.json: deal "${deal.id}" names toolSlug "${deal.toolSlug}", which is not a tool in content/tools/`);
    return { ...deal, toolName: tool.name, categorySlugs: [tool.categoryId, ...(tool.secondaryCategoryIds ?? [])] };
  });
}

let offers: Offers | undefined;

/** Read at start with the catalogue's tools (server/app.ts); a broken file or an unknown tool stops the server. */
export function loadOffers(tools: ToolRef[] = readToolFiles(path.join(appRoot(), "content"))): Offers {
  const partnerPrograms = readContentJson("partner-programs.json", partnerProgramsFileSchema);
  if (new Set(partnerPrograms.map((program) => program.slug)).size !== partnerPrograms.length) {
    throw new ContentError("content/partner-programs.json: two programs share a slug");
  }
  offers = { deals: resolveDeals(readContentJson("deals.json", dealsFileSchema), tools), partnerPrograms };
  return offers;
}

export function getOffers(): Offers {
  return offers ?? loadOffers();
}

/** A deal by id, live or not (for the /go/deal/{id} redirect, whose destination is the deal's `source`). */
export function getDeal(id: string): Deal | undefined {
  return getOffers().deals.find((deal) => deal.id === id);
}

/** A partner program by slug (for the /go/partner/{slug} redirect, whose destination is its `destination`). */
export function getPartnerProgram(slug: string): PartnerProgram | undefined {
  return getOffers().partnerPrograms.find((program) => program.slug === slug);
}
