import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from "react-router";
import { PersonalDataProvider } from "~/components/personal/personal-data";
import { PERSONAL_DATA_ID, type PersonalData } from "~/lib/account/personal-data";
import { PERSONAL_PARTS } from "~/components/personal/all-parts";
import { laterSectionsLoaded } from "~/components/ui/hydrate-later";

/**
 * A shared page with its personal parts filled in for one reader (decision 054). The page cache keeps the page an
 * anonymous visitor gets; a signed-in reader of it gets the same bytes but for the few places marked
 * `<personal-part>` (the header's account control, the save buttons), rendered here for them, and the personal
 * data those places show, as JSON beside React Router's loader data, so that the page hydrates as it was served.
 */

/** A part as React writes it: `data-part`, then `data-props` (JSON, attribute-escaped), then its HTML. Parts never nest. */
const PART = /<personal-part data-part="([a-z-]+)" data-props="([^"]*)">([\s\S]*?)<\/personal-part>/g;
const SLOT = /<personal-slot>([\s\S]*?)<\/personal-slot>/g;

type PartInPage = { name: string; props: object };

/** A kept page cut around its parts' HTML: `between[i]` comes before part i, the last one before `</body>`, then `end`. */
export type PageParts = { parts: PartInPage[]; between: Buffer[]; end: Buffer };

/** Text in an attribute, escaped as React escapes it, so that a page filled in here is byte for byte React's. */
export const escapeAttribute = (value: string) => value.replace(/[&"'<>]/g, (char) => ({ "&": "&amp;", '"': "&quot;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" })[char]!);

/** The five characters React escapes in an attribute, back (`&amp;` last, so `&amp;quot;` stays `&quot;`). */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A mark's props (UTF-8 JSON, read as latin1 and attribute-escaped); null if they are not a JSON object. */
function propsOf(attribute: string): object | null {
  try {
    const value: unknown = JSON.parse(unescapeAttribute(Buffer.from(attribute, "latin1").toString("utf8")));
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

const cutPages = new WeakMap<Buffer, PageParts | null>();

/**
 * A page's parts and the bytes around them, found once per kept page (its body is never changed). Read as latin1,
 * one character per byte, so that the offsets found in the text are offsets in the bytes; the props, UTF-8 JSON,
 * are decoded as such. Null when a part names no kind this build knows, is inside another or has unreadable props, or
 * the page has no `</body>`: the page is then rendered for the reader in full.
 */
export function pagePartsOf(body: Buffer): PageParts | null {
  const known = cutPages.get(body);
  if (known !== undefined) return known;
  const text = body.toString("latin1");
  const parts: PartInPage[] = [];
  const between: Buffer[] = [];
  let at = 0;
  let cut: PageParts | null = null;
  let unknownPart = false;
  for (const match of text.matchAll(PART)) {
    const [whole, name, props, inner] = match as unknown as [string, string, string, string];
    // A part this build does not know, or one inside another (whose end tag would be taken for the outer one's).
    if (!(name in PERSONAL_PARTS) || inner.includes("<personal-part ")) {
      unknownPart = true;
      break;
    }
    const innerStart = match.index + whole.length - inner.length - "</personal-part>".length;
    between.push(body.subarray(at, innerStart));
    const json = propsOf(props);
    if (!json) {
      unknownPart = true;
      break;
    }
    parts.push({ name, props: json });
    at = innerStart + inner.length;
  }
  const bodyEnd = text.lastIndexOf("</body>");
  if (!unknownPart && bodyEnd >= at) {
    between.push(body.subarray(at, bodyEnd));
    cut = { parts, between, end: body.subarray(bodyEnd) };
  }
  cutPages.set(body, cut);
  return cut;
}

function PartList({ parts }: { parts: PartInPage[] }) {
  return parts.map(({ name, props }, index) => {
    const Part = PERSONAL_PARTS[name]!;
    return (
      <personal-slot key={index}>
        <Part {...props} />
      </personal-slot>
    );
  });
}

/**
 * The routes a part of a kept page is rendered in, alone: one per route of the page, with its id and the loader data
 * the page was rendered with (a part may read its page's shared data with `useRouteLoaderData`), the last one
 * matching the page's address and rendering `Part`. Personal parts and a search's results (server/search-shell.tsx)
 * are rendered in them.
 */
export function partRoutesOf(loaderData: Record<string, unknown>, Part: () => ReactNode): RouteObject[] {
  let routes: RouteObject[] = [{ id: "page-part", path: "*", Component: Part }];
  for (const id of Object.keys(loaderData).reverse()) {
    const data = loaderData[id];
    routes = [{ id, ...(data === undefined ? {} : { loader: () => data }), children: routes }];
  }
  return routes;
}

type PartsRouter = { url: string; router: ReturnType<typeof createStaticRouter>; context: StaticHandlerContext };

/** A kept page's parts router, made once per page (its parts, loader data and address never change): per request, only the render. */
const partsRouters = new WeakMap<PartInPage[], PartsRouter>();

async function partsRouterOf(url: string, parts: PartInPage[], loaderData: Record<string, unknown>): Promise<PartsRouter> {
  const known = partsRouters.get(parts);
  if (known?.url === url) return known;
  const handler = createStaticHandler(partRoutesOf(loaderData, () => <PartList parts={parts} />));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The personal parts' router answered ${context.status}`);
  const made = { url, router: createStaticRouter(handler.dataRoutes, context), context };
  partsRouters.set(parts, made);
  return made;
}

/**
 * The parts' HTML for this reader, in order, rendered in one pass inside a router of their own at the page's address
 * (the parts' forms and links read it), with the kept page's loader data and nothing loaded anew: a part's data is
 * the reader's personal data, its props and its page's shared data.
 */
export async function renderParts(url: string, parts: PartInPage[], personal: PersonalData, loaderData: Record<string, unknown> = {}): Promise<string[]> {
  const { router, context } = await partsRouterOf(url, parts, loaderData);
  // Rendered to a string, a section still loading would be its empty fallback (ui/hydrate-later.tsx).
  await laterSectionsLoaded();
  const html = renderToString(
    <PersonalDataProvider value={personal}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </PersonalDataProvider>,
  );
  return [...html.matchAll(SLOT)].map((match) => match[1]!);
}

/**
 * Data a filled-in page carries beside React Router's loader data (personal data, a search's results): JSON, which
 * never runs, so the kept page's script hashes stay its whole CSP; no `<` in it can end the element or open a comment.
 */
export const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

/** The page with each part's HTML replaced by the reader's (`rendered`, in the order of `page.parts`) and their personal data added. */
export function fillParts(page: PageParts, rendered: string[], personal: PersonalData): Buffer {
  if (rendered.length !== page.parts.length) throw new Error(`The page has ${page.parts.length} personal parts; ${rendered.length} were rendered`);
  const chunks: Buffer[] = [];
  rendered.forEach((html, index) => chunks.push(page.between[index]!, Buffer.from(html)));
  chunks.push(page.between.at(-1)!, Buffer.from(jsonScript(PERSONAL_DATA_ID, personal)), page.end);
  return Buffer.concat(chunks);
}
