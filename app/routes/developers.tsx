import type { ReactNode } from "react";
import { DocumentPage, TextLink, type PageSection } from "~/components/static-page";
import { useSiteUrl } from "~/components/use-site-url";
import { LICENSE_NOTE } from "~/lib/api/data-files";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { formatNumber } from "~/lib/ui/numbers";
import { getToolRecord } from "~/models/api/records.server";
import { LIMITS } from "~/utils/limits.server";
import type { Route } from "./+types/developers";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared", hydrate: false as const } satisfies RouteHandle;

const PATH = "/developers";
const TITLE = "Open data: API, data files and MCP server";
const DESCRIPTION = `Read ${SITE_NAME}'s catalogue from a program or an AI assistant: a JSON API, nightly data files under CC BY 4.0 and an MCP server, every figure with its source and whether a recorded check has confirmed it, and when.`;
const EXAMPLE_TOOL = "chatgpt";

/**
 * The example answers are the API's own, for a real tool, cut to a plan and a fact: what a reader copies is what the
 * API sends today (issue 46). The limits are the table's (utils/limits.server.ts), so the page cannot misstate them.
 */
export async function loader() {
  const tool = await getToolRecord(EXAMPLE_TOOL);
  const [perMinute, perDay] = LIMITS.openData.perIp;
  return {
    limits: { perMinute: perMinute!.limit, perDay: perDay!.limit },
    example: tool && {
      data: {
        slug: tool.slug,
        name: tool.name,
        url: tool.url,
        pricing: { model: tool.pricing.model, plans: tool.pricing.plans.slice(0, 2), provenance: tool.pricing.provenance },
        data_facts: tool.data_facts.slice(0, 1),
        "…": "more fields: see the OpenAPI document",
      },
    },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TITLE, description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

/** A block of code a reader copies: its long lines wrap on a phone rather than scroll, so nothing is hidden off the side. */
function Code({ children, label }: { children: string; label: string }) {
  return (
    <pre aria-label={label} className="mt-3 rounded-lg border bg-muted/60 p-4 text-sm leading-6 break-all whitespace-pre-wrap">
      <code>{children}</code>
    </pre>
  );
}

function Term({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-mono text-sm font-semibold">{name}</dt>
      <dd className="mt-1 text-muted-foreground">{children}</dd>
    </div>
  );
}

const ENDPOINTS: [string, string][] = [
  ["GET /api/v1/tools", "Find tools: search, category, task, pricing, no_training, min_rating, sort; 24 a page, follow next_cursor."],
  ["GET /api/v1/tools/{slug}", "One tool: plans with their terms, data and security facts, platforms, ratings with their basis, categories, tasks, alternatives."],
  ["GET /api/v1/tools/{slug}/changes", "The tool's recorded changes: prices, plans, free plan, policies, links."],
  ["GET /api/v1/changes?since=…", "Every change recorded after a moment, oldest first (without since: the newest first)."],
  ["GET /api/v1/categories", "Every category with how many tools it lists."],
  ["GET /api/v1/tasks", "Every task with the tools its page lists, in our order, and the reason for each."],
];

const ERRORS: [string, string, string][] = [
  ["invalid-input", "400", "A parameter is not valid, unknown, or given twice; errors names it. A cursor sent with other parameters than its own is refused too."],
  ["not-found", "404", "No tool has this slug, or no endpoint has this address."],
  ["method-not-allowed", "405", "The API is read-only: only GET, HEAD and OPTIONS."],
  ["rate-limited", "429", "Past the limit for your address: Retry-After says in how many seconds to try again."],
  ["unavailable", "503", "Our database does not answer for a moment: Retry-After says when to try again."],
];

function sections(siteUrl: string, { limits, example }: Route.ComponentProps["loaderData"]): PageSection[] {
  return [
    {
      id: "what",
      title: "What you can read",
      body: (
        <>
          <p>
            Three doors onto the same data: a JSON API for programs, data files of the whole catalogue for analysis, and an MCP server for AI assistants. All three read the same
            records as our pages, so an answer never says more than the tool&apos;s page does. No account or key is needed.
          </p>
          <p>
            Every price, fact and platform list comes with its provenance: the page it was taken from, and the day a recorded check confirmed it, or <code>null</code> and
            &ldquo;not yet confirmed&rdquo; when nobody has yet. Please show that state wherever you show the figure.
          </p>
        </>
      ),
    },
    {
      id: "api",
      title: "The API",
      body: (
        <>
          <p>
            The base address is <code>{`${siteUrl}/api/v1`}</code>. The{" "}
            <a href="/api/v1/openapi.json" className="underline underline-offset-4">
              OpenAPI 3.1 document
            </a>{" "}
            describes every endpoint, parameter and answer; it is written from the same schemas our tests check every answer against.
          </p>
          <dl className="mt-4 space-y-3">
            {ENDPOINTS.map(([endpoint, what]) => (
              <Term key={endpoint} name={endpoint}>
                {what}
              </Term>
            ))}
          </dl>
          <h3 className="mt-6 font-semibold">An example</h3>
          <Code label="Example request">{`curl ${siteUrl}/api/v1/tools/${EXAMPLE_TOOL}`}</Code>
          {example && <Code label="Part of the answer">{JSON.stringify(example, null, 2)}</Code>}
          <Code label="Search example">{`curl "${siteUrl}/api/v1/tools?search=transcribe&pricing=free,freemium&sort=price_low"`}</Code>
        </>
      ),
    },
    {
      id: "provenance",
      title: "Where each figure comes from",
      body: (
        <dl className="space-y-3">
          <Term name="source_url">The page the figure was taken from or confirmed on: usually the vendor&apos;s pricing, privacy or download page. Null when we name none.</Term>
          <Term name="confirmed_at">
            The day (UTC) a recorded check matched the figure as it is now. Null means not yet confirmed. A confirmation covers the value it was made on: when the value changes, it
            is null again until someone confirms the new one.
          </Term>
          <Term name="method">
            <code>automatic-check</code>: our job read the source page and found the figure there. <code>editor</code>: one of our editors read it and noted what matched.{" "}
            <code>entered</code>: entered from the source, not yet confirmed.
          </Term>
          <Term name="receipt_url">The confirmation&apos;s receipt: what was read, when, by whom or by which check, and what matched.</Term>
          <Term name="status_text">The sentence the tool&apos;s page prints about it.</Term>
        </dl>
      ),
    },
    {
      id: "paging",
      title: "Pages, changes and caching",
      body: (
        <>
          <p>
            Lists come a page at a time with <code>next_cursor</code>; pass it back as <code>cursor</code> with the same parameters until it is <code>null</code>. A cursor belongs
            to its query. For changes, keep the last <code>recorded_at</code> you have and ask for <code>/api/v1/changes?since=</code> that moment: you get exactly the changes
            recorded after it.
          </p>
          <p>
            Every answer has an <code>ETag</code>: send it back as <code>If-None-Match</code> and an unchanged answer is a <code>304</code> with no body. Answers may be kept by
            caches for a minute. Cross-origin reading is open (<code>Access-Control-Allow-Origin: *</code>).
          </p>
        </>
      ),
    },
    {
      id: "limits",
      title: "Limits",
      body: (
        <>
          <p>
            Each address may make {formatNumber(limits.perMinute)} requests a minute and {formatNumber(limits.perDay)} a day, the API and the MCP server together. Every answer says
            where you stand in the <code>RateLimit-Policy</code> and <code>RateLimit</code> headers (the IETF draft&apos;s format); past a limit the answer is <code>429</code> with{" "}
            <code>Retry-After</code>. For the whole catalogue, download the data files instead.
          </p>
          <Code label="Rate limit headers">{`RateLimit-Policy: "minute";q=${limits.perMinute};w=60, "day";q=${limits.perDay};w=86400\nRateLimit: "minute";r=${limits.perMinute - 1};t=60, "day";r=${limits.perDay - 1};t=86400`}</Code>
        </>
      ),
    },
    {
      id: "errors",
      title: "Errors",
      body: (
        <>
          <p>
            A refusal is <code>application/problem+json</code> (RFC 9457): <code>type</code> links to its entry below, <code>title</code> and <code>detail</code> say what went
            wrong, and <code>errors</code> names each parameter at fault.
          </p>
          <dl className="mt-4 space-y-3">
            {ERRORS.map(([code, status, what]) => (
              <div key={code} id={`error-${code}`} className="scroll-mt-20">
                <dt className="font-mono text-sm font-semibold">{`${status} ${code}`}</dt>
                <dd className="mt-1 text-muted-foreground">{what}</dd>
              </div>
            ))}
          </dl>
        </>
      ),
    },
    {
      id: "files",
      title: "Data files",
      body: (
        <>
          <p>Written every night by a scheduled job, each with its checksum in the manifest and the time it was written as its Last-Modified:</p>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            <li>
              <a href="/data/tools.json" className="underline underline-offset-4">
                tools.json
              </a>
              : every tool, each record as <code>/api/v1/tools/{"{slug}"}</code> gives it.
            </li>
            <li>
              <a href="/data/tools.csv" className="underline underline-offset-4">
                tools.csv
              </a>
              : one row a tool, with its prices&apos; source and confirmation.
            </li>
            <li>
              <a href="/data/changes.csv" className="underline underline-offset-4">
                changes.csv
              </a>
              : every recorded change.
            </li>
            <li>
              <a href="/data/manifest.json" className="underline underline-offset-4">
                manifest.json
              </a>
              : each file&apos;s size, SHA-256 and time.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "mcp",
      title: "For AI assistants (MCP)",
      body: (
        <>
          <p>
            Our Model Context Protocol server is at <code>{`${siteUrl}/mcp`}</code> (Streamable HTTP, read-only, no sign-in). It offers six tools: <code>search_tools</code>,{" "}
            <code>get_tool</code>, <code>compare_tools</code> (two to four tools side by side), <code>price_history</code>, <code>list_changes</code> and{" "}
            <code>find_tools_for_task</code>. Every result names the tool&apos;s page, its sources and when each figure was confirmed, and says &ldquo;not yet confirmed&rdquo;
            where that is so.
          </p>
          <p>In Claude Code:</p>
          <Code label="Claude Code command">{`claude mcp add --transport http ai-tools-atlas ${siteUrl}/mcp`}</Code>
          <p className="mt-3">
            In a client configured by a JSON file of servers (Claude Code&apos;s .mcp.json takes this form; other clients take a similar entry, see their documentation):
          </p>
          <Code label="MCP client configuration">{JSON.stringify({ mcpServers: { "ai-tools-atlas": { type: "http", url: `${siteUrl}/mcp` } } }, null, 2)}</Code>
        </>
      ),
    },
    {
      id: "licence",
      title: "Licence and attribution",
      body: (
        <>
          <p>{LICENSE_NOTE}</p>
          <p>
            The licence is{" "}
            <a href="https://creativecommons.org/licenses/by/4.0/" className="underline underline-offset-4">
              Creative Commons Attribution 4.0
            </a>
            : use the data for anything, crediting &ldquo;{SITE_NAME}&rdquo; with a link to the tool&apos;s page. Tool names and logos are their makers&apos; marks. Reader reviews
            are not part of the open data. See also our <TextLink to="/terms">terms</TextLink> and <TextLink to="/how-we-review">how we review</TextLink>.
          </p>
        </>
      ),
    },
  ];
}

export default function Developers({ loaderData }: Route.ComponentProps) {
  const siteUrl = useSiteUrl();
  return (
    <DocumentPage title={TITLE} description={DESCRIPTION} path={PATH} lastUpdated={DOCUMENT_UPDATED[PATH]} intro={<p>{DESCRIPTION}</p>} sections={sections(siteUrl, loaderData)} />
  );
}
