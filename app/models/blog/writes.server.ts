import { z } from "zod";
import { defineWrite } from "~/utils/write.server";
import { canonicalPostSlug, recordRead } from "./queries.server";

/**
 * An article was read (the article page reports it once it is shown): one more in today's counter, for
 * 'Popular articles'. Anonymous, no visitor data stored; a reload within ten minutes is not counted again.
 */
export const postReadWrite = defineWrite({
  auth: "anyone",
  limit: "postRead",
  limitKey: (fields, client) => `${String(fields.slug ?? "")}@${client.ip}`,
  input: z.object({ slug: z.string().min(1).max(200) }),
  run: async ({ slug }) => {
    const canonical = await canonicalPostSlug(slug);
    if (canonical === slug) await recordRead(slug);
    return canonical === slug;
  },
  // Popularity is recomputed hourly (POPULARITY in queries.server.ts), not at every read.
  invalidates: () => [],
  success: "readRecorded",
});
