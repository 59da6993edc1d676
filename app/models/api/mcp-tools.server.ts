import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { z } from "zod";
import { changeListWords, taskListWords, toolListWords, toolWords } from "~/lib/api/mcp-words";
import { changeListSchema, taskSchema, toolListSchema, toolSchema } from "~/lib/api/schemas";
import { MESSAGES, type MessageKey, type Toast } from "~/lib/messages";
import { SITE_NAME } from "~/lib/site";
import { DEFAULT_SORT, NO_TRAINING_TIERS, PRICING_FILTERS, SORT_OPTIONS } from "~/lib/tool/tool-filters";
import { DEFAULT_TEAM_SIZE, MAX_TEAM_SIZE, MIN_TEAM_SIZE } from "~/lib/tool/team-cost";
import { findTasks } from "~/models/task/search.server";
import { searchTermsOf } from "~/models/search/synonyms.server";
import { searchWords } from "~/models/tool/search.server";
import { asAppError, toastOf } from "~/utils/errors.server";
import { log } from "~/utils/logger.server";
import { findToolRecords, getTaskRecord, getToolRecord, listChangeRecords } from "./records.server";

/**
 * The MCP server's tools (issue 46): read-only views of the open data for an assistant, each answering through the
 * same reads as `/api/v1` (models/api/records.server.ts), so the two never disagree. A result carries the API objects
 * as `structuredContent` (checked against the API's own schemas, lib/api/schemas.ts) and a short text for the reader
 * (lib/api/mcp-words.ts). What the reader asked wrongly (an unknown slug, a cursor of another query) is a tool error
 * in the catalogue's words, which the assistant can act on; it is never a protocol error or a 500.
 */

const slug = z.string().trim().min(1).max(200).describe("A tool's slug, the last part of its page's address: 'chatgpt' for /tools/chatgpt.");
const cursor = z.string().max(500).optional().describe("The next_cursor of the previous answer, to read the next page.");

/** The kinds of change that are about price: price_history's selection of a tool's changes. */
const PRICE_KINDS = ["price-up", "price-down", "plan-added", "plan-removed", "terms-changed", "free-plan-added", "free-plan-dropped", "trial-changed"] as const;

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const text = (words: string) => [{ type: "text" as const, text: words }];

/** A result the assistant reads as "this did not work", in the catalogue's words. */
function refusal(key: MessageKey | Toast, about?: string): CallToolResult {
  const { title, description }: Toast = typeof key === "string" ? MESSAGES[key] : key;
  return { isError: true, content: text(`${title}${about ? ` (${about})` : ""}${description ? `: ${description}` : ""}`) };
}

/**
 * Runs a tool's read; an expected failure (a cursor we did not give, the database restarting) becomes a tool error in
 * the catalogue's words; anything else is logged and answered as the site's 'Something went wrong', without its text.
 */
async function answering(read: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await read();
  } catch (error) {
    const expected = asAppError(error);
    if (expected) return refusal(toastOf(expected));
    log.error("MCP tool failed", { error: error instanceof Error ? error.message : String(error) });
    return refusal("unexpected");
  }
}

function registerSearchTools(server: McpServer) {
  server.registerTool(
    "search_tools",
    {
      title: "Search AI tools",
      description:
        "Search the directory of AI tools as its /tools page does: words, a category, a task, price models, a no-training promise, a sort. Answers a page of tools (name, slug, one-line price with its terms, page URL) and the total; call get_tool for plans, facts and ratings.",
      inputSchema: z.object({
        query: z.string().max(200).default("").describe("Words to search for in names, taglines and descriptions; empty for all tools."),
        category: z.string().max(200).optional().describe("A category slug, such as 'writing' or 'image-generation'."),
        task: z.string().max(200).optional().describe("A task slug (see find_tools_for_task), such as 'write-blog-posts'."),
        pricing: z.array(z.enum(PRICING_FILTERS)).max(PRICING_FILTERS.length).default([]).describe("Keep tools with any of these price models."),
        no_training: z.enum(NO_TRAINING_TIERS).optional().describe("Keep tools that promise not to train on your content on this tier."),
        min_rating: z.number().min(0).max(5).optional().describe("Keep tools we rated at least this (0 to 5)."),
        sort: z
          .enum(SORT_OPTIONS.map((option) => option.value) as [(typeof SORT_OPTIONS)[number]["value"]])
          .default(DEFAULT_SORT)
          .describe(SORT_OPTIONS.map((option) => `${option.value}: ${option.label}`).join("; ")),
        team: z
          .number()
          .int()
          .min(MIN_TEAM_SIZE)
          .max(MAX_TEAM_SIZE)
          .default(DEFAULT_TEAM_SIZE)
          .describe("With sort team_low or team_high: the team's size, costed by the cheapest plan that covers that many people."),
        cursor,
      }),
      outputSchema: toolListSchema,
      annotations: READ_ONLY,
    },
    (input) =>
      answering(async () => {
        const list = await findToolRecords({
          search: input.query,
          category: input.category ?? null,
          task: input.task ?? null,
          pricing: input.pricing,
          noTraining: input.no_training ?? null,
          minRating: input.min_rating ?? null,
          sort: input.sort,
          team: input.team,
          cursor: input.cursor ?? null,
        });
        return { structuredContent: list, content: text(toolListWords(list)) };
      }),
  );

  server.registerTool(
    "find_tools_for_task",
    {
      title: "Find tools for a task",
      description:
        "The tools our editors list for a task (such as 'write blog posts' or 'remove image backgrounds'), each with the reason written for it. Give the task's slug, or words: the matching tasks (at most three) are answered.",
      inputSchema: z.object({
        task: z.string().trim().min(1).max(200).describe("A task's slug ('write-blog-posts'), or what the reader wants to do, in words."),
      }),
      outputSchema: z.object({ tasks: z.array(taskSchema) }),
      annotations: READ_ONLY,
    },
    ({ task }) =>
      answering(async () => {
        const exact = await getTaskRecord(task.toLowerCase());
        const tasks = exact
          ? [exact]
          : (await Promise.all((await findTasks(await searchTermsOf(searchWords(task), task))).map((match) => getTaskRecord(match.slug)))).filter((found) => found !== null);
        if (!tasks.length) return refusal(OPEN_DATA_WORDS.taskNotFound, task);
        return { structuredContent: { tasks }, content: text(taskListWords(tasks)) };
      }),
  );
}

function registerToolReads(server: McpServer) {
  server.registerTool(
    "get_tool",
    {
      title: "Get an AI tool",
      description:
        "One tool as its page shows it: plans with prices and terms, where the prices come from and whether we confirmed them, data and security facts (training on your content, retention, certifications) with their sources, ratings, categories, tasks and alternatives.",
      inputSchema: z.object({ slug }),
      outputSchema: toolSchema,
      annotations: READ_ONLY,
    },
    ({ slug }) =>
      answering(async () => {
        const tool = await getToolRecord(slug);
        if (!tool) return refusal("toolNotFound", slug);
        return { structuredContent: tool, content: text(toolWords(tool)) };
      }),
  );

  server.registerTool(
    "compare_tools",
    {
      title: "Compare AI tools",
      description: "Two to four tools side by side: each one's plans with terms, data and security facts, and ratings, with where each figure comes from.",
      inputSchema: z.object({ slugs: z.array(slug).min(2).max(4).describe("Two to four tool slugs.") }),
      outputSchema: z.object({ tools: z.array(toolSchema) }),
      annotations: READ_ONLY,
    },
    ({ slugs }) =>
      answering(async () => {
        const unique = [...new Set(slugs)];
        const tools = await Promise.all(unique.map((one) => getToolRecord(one)));
        const missing = unique.filter((_, index) => !tools[index]);
        if (missing.length) return refusal("toolNotFound", missing.join(", "));
        const found = tools.filter((tool) => tool !== null);
        return { structuredContent: { tools: found }, content: text(found.map(toolWords).join("\n\n")) };
      }),
  );
}

function registerChangeReads(server: McpServer) {
  server.registerTool(
    "price_history",
    {
      title: "A tool's price history",
      description:
        "The price changes we recorded for one tool, newest first: prices up or down, plans added or removed, changed terms, free plans and trials; each with the day it was recorded, who recorded it and the source.",
      inputSchema: z.object({ slug, limit: z.number().int().min(1).max(100).default(25), cursor }),
      outputSchema: changeListSchema.extend({ tool: z.object({ slug: z.string(), name: z.string(), url: z.string() }) }),
      annotations: READ_ONLY,
    },
    ({ slug, limit, cursor }) =>
      answering(async () => {
        const tool = await getToolRecord(slug);
        if (!tool) return refusal("toolNotFound", slug);
        const page = await listChangeRecords({ since: null, toolSlug: tool.slug, kinds: PRICE_KINDS, cursor: cursor ?? null, limit });
        const heading = `Price history of ${tool.name} (${tool.url}); its changes page: ${tool.changes_url}`;
        return {
          structuredContent: { tool: { slug: tool.slug, name: tool.name, url: tool.url }, ...page },
          content: text(`${heading}\n${changeListWords(page.data, page.next_cursor)}`),
        };
      }),
  );

  server.registerTool(
    "list_changes",
    {
      title: "Recorded changes",
      description:
        "Changes we recorded across the directory (prices, plans, sites moving or going dark, policy pages, data facts, listings). With since: those recorded after that moment, oldest first (keep the last recorded_at and ask again); without: the latest, newest first.",
      inputSchema: z.object({
        since: z.iso.datetime({ offset: true }).optional().describe("An ISO 8601 time with its offset, such as 2026-12-01T00:00:00Z."),
        tool: slug.optional().describe("Only this tool's changes (its slug)."),
        limit: z.number().int().min(1).max(100).default(25),
        cursor,
      }),
      outputSchema: changeListSchema,
      annotations: READ_ONLY,
    },
    ({ since, tool, limit, cursor }) =>
      answering(async () => {
        if (tool && !(await getToolRecord(tool))) return refusal("toolNotFound", tool);
        const page = await listChangeRecords({ since: since ? new Date(since) : null, toolSlug: tool ?? null, cursor: cursor ?? null, limit });
        return { structuredContent: page, content: text(changeListWords(page.data, page.next_cursor)) };
      }),
  );
}

/** A fresh server with the six tools: one per request, since the endpoint keeps no session (routes/mcp.ts). */
export function createMcpServer(): McpServer {
  const server = new McpServer(
    // The tools' version: raised when a tool or its answer changes shape.
    { name: "ai-tools-atlas", title: SITE_NAME, version: "1.0.0" },
    {
      instructions:
        "A directory of AI tools with plans, prices and their terms, data and security facts, ratings and recorded price changes. Every price and fact says where it comes from and whether we confirmed it: pass that on with it, with the tool's page URL.",
    },
  );
  registerSearchTools(server);
  registerToolReads(server);
  registerChangeReads(server);
  return server;
}
