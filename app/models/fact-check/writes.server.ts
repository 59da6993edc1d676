import { z } from "zod";
import { DATA_FACT_KINDS, DATA_FACT_TIERS } from "~/lib/tool/data-facts";
import { checkedPageUrl as sourceUrl, whatWasSeen as seen } from "~/models/provenance/confirm-input";
import { defineWrite } from "~/utils/write.server";
import { confirmToolFact } from "./confirm.server";
import { confirmToolPlatforms } from "./platforms.server";

/** `<fact>/<tier>`, as the form names the fact it confirms. */
const factKeyInput = z
  .string()
  .max(60, "confirmSubjectUnknown")
  .transform((key) => key.split("/"))
  .pipe(z.tuple([z.enum(DATA_FACT_KINDS, "confirmSubjectUnknown"), z.enum(DATA_FACT_TIERS, "confirmSubjectUnknown")]));

/** /admin/facts/<slug>: an editor confirms one data fact on the vendor's page they read, noting what it says (audited). */
export const confirmFactWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug: z.string().min(1, "confirmSubjectUnknown").max(200, "confirmSubjectUnknown"), fact: factKeyInput, sourceUrl, seen }),
  run: async ({ slug, fact: [fact, tier], sourceUrl, seen }, { viewer }) => confirmToolFact({ slug, fact, tier, sourceUrl, seen }, viewer),
  invalidates: ({ slug }) => [`tool:${slug}`],
  success: "factConfirmed",
});

/** /admin/facts/<slug>: an editor confirms the tool's list of platforms on the vendor's page (audited). */
export const confirmPlatformsWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug: z.string().min(1, "confirmSubjectUnknown").max(200, "confirmSubjectUnknown"), sourceUrl, seen }),
  run: async (input, { viewer }) => confirmToolPlatforms(input, viewer),
  invalidates: ({ slug }) => [`tool:${slug}`],
  success: "platformsConfirmed",
});
