import { z } from "zod";
import { SUBMISSION_LIMITS as L, toolDomain } from "~/lib/submission/submissions";
import { DATA_FACT_TIERS, type DataFactKind } from "~/lib/tool/data-facts";
import { isProposableFact, splitFactChoice } from "~/lib/tool/fact-proposal";
import { PLATFORMS } from "~/lib/tool/platforms";
import { checkedPageUrl, whatWasSeen } from "~/models/provenance/confirm-input";
import { toolChangeTags } from "~/models/tool/changes.server";
import { withPostedPricing } from "~/models/tool/pricing-input";
import { CATALOGUE } from "~/utils/cache.server";
import { formFiles, formList, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { proposeLogo } from "./logo-proposals.server";
import { acceptProposal, proposeChange, rejectProposal } from "./proposals.server";

/**
 * Makers' proposals (issue 45, decision 084), declared once: /maker/tools/<slug> posts the proposals, one per
 * field; /admin/proposals accepts or rejects them. A proposal shows on no public page, so it invalidates nothing; a
 * decision to accept changes the listing, its history and the catalogue's cards.
 */
const toolSlug = z.string().trim().min(1).max(200);
const sourceUrl = checkedPageUrl;
const note = z.string().trim().max(500, "proposalNoteTooLong").optional();

const propose = <I extends { toolSlug: string }>(input: z.ZodType<I, unknown>, toProposal: (input: I) => Parameters<typeof proposeChange>[1]) =>
  defineWrite({
    auth: "viewer",
    signInMessage: "makerSignIn",
    limit: "makerProposal",
    input,
    invalidMessage: "proposalInvalid",
    run: (parsed, { viewer }) => proposeChange(viewer, toProposal(parsed)),
    invalidates: () => [],
    success: "proposalSent",
  });

export const proposePricingWrite = propose(withPostedPricing({ toolSlug, sourceUrl, note }), ({ facts, ...rest }) => ({ ...rest, field: "pricing", value: facts }));

export const proposeDescriptionWrite = propose(
  z.object({ toolSlug, sourceUrl, note, description: z.string().trim().min(L.description.min, "descriptionTooShort").max(L.description.max, "descriptionTooLong") }),
  ({ description, ...rest }) => ({ ...rest, field: "description", value: description }),
);

export const proposeWebsiteWrite = propose(
  z.object({
    toolSlug,
    sourceUrl,
    note,
    websiteUrl: z
      .string()
      .trim()
      .min(1, "toolUrlRequired")
      .max(L.url.max, "toolUrlTooLong")
      .refine((url) => url.toLowerCase().startsWith("https://") && toolDomain(url) !== null, "toolUrlInvalid"),
  }),
  ({ websiteUrl, ...rest }) => ({ ...rest, field: "website", value: websiteUrl }),
);

export const proposePlatformsWrite = propose(
  z.object({ toolSlug, sourceUrl, note, platforms: formList(z.enum(PLATFORMS, { message: "platformUnknown" })).refine((list) => list.length > 0, "platformsRequired") }),
  // In the order the site lists platforms, each once.
  ({ platforms, ...rest }) => ({ ...rest, field: "platforms", value: PLATFORMS.filter((platform) => platforms.includes(platform)) }),
);

/**
 * One data or security fact (decision 081) for one tier: the form's one select names the kind and the value together
 * (`<kind>/<value>`, grouped by kind), checked against the kind's values; the tier from its list. The fact's source is
 * the proposal's page.
 */
export const proposeDataFactWrite = propose(
  z.object({
    toolSlug,
    sourceUrl,
    note,
    tier: z.enum(DATA_FACT_TIERS, { message: "factTierRequired" }),
    factValue: z
      .string()
      .trim()
      .min(1, "factValueRequired")
      .refine((choice) => isProposableFact(...splitFactChoice(choice)), "factValueNotAllowed"),
  }),
  ({ tier, factValue, ...rest }) => {
    const [fact, value] = splitFactChoice(factValue);
    return { ...rest, field: "data-fact", value: { fact: fact as DataFactKind, tier, value, source: rest.sourceUrl } };
  },
);

/**
 * A logo: one image in a multipart post (the page's body limit is an image's, utils/body-limits.server.ts), checked,
 * re-encoded and kept private by `proposeLogo`. Like the others it is live nowhere until accepted.
 */
export const proposeLogoWrite = defineWrite({
  auth: "viewer",
  signInMessage: "makerSignIn",
  limit: "makerProposal",
  input: z.object({ toolSlug, sourceUrl, note, logo: formFiles.pipe(z.array(z.instanceof(File)).length(1, "logoFileRequired")).transform((files) => files[0]!) }),
  invalidMessage: "proposalInvalid",
  run: ({ logo, ...input }, { viewer }) => proposeLogo(viewer, { ...input, file: logo }),
  invalidates: () => [],
  success: "proposalSent",
});

/** Accepting changes the listing: its page, the catalogue's cards and sorts, and the change lists. */
const staleAfter = ({ slug }: { slug: string }) => [...CATALOGUE, ...toolChangeTags(slug)];

export const acceptProposalWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: idField, seen: whatWasSeen }),
  invalidMessage: "proposalDecisionInvalid",
  run: (input, { viewer }) => acceptProposal(viewer, input),
  invalidates: staleAfter,
  success: "proposalAccepted",
});

export const rejectProposalWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: idField, reason: z.string().trim().min(10, "proposalReasonRequired").max(500, "proposalReasonTooLong") }),
  invalidMessage: "proposalDecisionInvalid",
  run: (input, { viewer }) => rejectProposal(viewer, input),
  // Nothing public changed.
  invalidates: () => [],
  success: "proposalRejected",
});
