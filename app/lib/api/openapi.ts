import { z } from "zod";
import { changesParameters, noParameters, toolChangesParameters, toolParameters, toolsParameters } from "./parameters";
import { apiSchemas } from "./schemas";

/**
 * The OpenAPI 3.1 description of `/api/v1` (issue 46), written from the zod schemas that the tests check every answer
 * against (`lib/api/schemas.ts`) and the parameters every request is parsed with (`lib/api/parameters.ts`). OpenAPI 3.1
 * takes JSON Schema 2020-12 as it is, which is what zod writes. Pure: the route adds the site's address.
 */

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: object) => ({ "application/json": { schema } });
const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: ref("Problem") } } });

const limitHeaders = {
  RateLimit: { description: "This address's windows now: remaining requests (r) and seconds to reset (t) each.", schema: { type: "string" } },
  "RateLimit-Policy": { description: "The published windows: quota (q) per window of w seconds.", schema: { type: "string" } },
};

function parametersOf(schema: z.ZodObject): object[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...fieldSchema } = z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }) as { description?: string; $schema?: string };
    delete fieldSchema.$schema;
    return { name, in: "query", required: false, description, schema: fieldSchema };
  });
}

const slugParameter = { name: "slug", in: "path", required: true, description: "The tool's slug, as in its page's URL.", schema: { type: "string" } };

function operation(summary: string, description: string, query: z.ZodObject, ok: string, extra: { path?: object[]; notFound?: boolean } = {}) {
  return {
    get: {
      summary,
      description,
      parameters: [...(extra.path ?? []), ...parametersOf(query)],
      responses: {
        "200": { description: "OK", headers: { ETag: { schema: { type: "string" } }, ...limitHeaders }, content: json(ref(ok)) },
        "304": { description: "Not modified: the If-None-Match ETag is still current." },
        "400": problem("A parameter is not valid; `errors` names it."),
        ...(extra.notFound ? { "404": problem("No tool has this slug.") } : {}),
        "429": {
          ...problem("Past the per-address limit."),
          headers: { "Retry-After": { description: "Seconds until a request is let through.", schema: { type: "integer" } }, ...limitHeaders },
        },
      },
    },
  };
}

/** The document, for the site at `siteUrl`. */
export function openApiDocument(siteUrl: string) {
  const { schemas } = z.toJSONSchema(apiSchemas, { uri: (id) => `#/components/schemas/${id}`, io: "output", unrepresentable: "any" });
  return {
    openapi: "3.1.0",
    info: {
      title: "AI Tools Atlas open data",
      version: "1.0.0",
      description:
        "Read-only data of the AI Tools Atlas catalogue: tools with their plans and terms, data and security facts, ratings and recorded changes. Every figure carries its provenance: the page it came from, and the day a recorded check confirmed it, or null when nobody has yet. No key needed; limits per address are in the RateLimit-Policy header. Our own text and figures are CC BY 4.0.",
      license: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
    },
    servers: [{ url: `${siteUrl}/api/v1` }],
    externalDocs: { description: "The developers' page", url: `${siteUrl}/developers` },
    paths: {
      "/tools": operation("Find tools", "The directory's search, filters and orders, 24 tools a page; follow next_cursor for the next page.", toolsParameters, "ToolList"),
      "/tools/{slug}": operation(
        "One tool",
        "Plans with their terms, facts with source and confirmation, ratings with their basis; with team, what it costs a team.",
        toolParameters,
        "ToolDetail",
        {
          path: [slugParameter],
          notFound: true,
        },
      ),
      "/tools/{slug}/changes": operation("A tool's recorded changes", "Newest first, or oldest first after `since`.", toolChangesParameters, "ChangeList", {
        path: [slugParameter],
        notFound: true,
      }),
      "/changes": operation("Recorded changes", "Every recorded change after `since` (oldest first), or the newest.", changesParameters, "ChangeList"),
      "/categories": operation("Categories", "Every category with how many tools it lists.", noParameters, "CategoryList"),
      "/tasks": operation("Tasks", "Every task with the tools its page lists, in our order, with the reason for each.", noParameters, "TaskList"),
    },
    components: { schemas },
  };
}
