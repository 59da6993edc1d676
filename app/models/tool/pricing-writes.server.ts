import { z } from "zod";
import { CATALOGUE } from "~/utils/cache.server";
import { defineWrite } from "~/utils/write.server";
import { toolChangeTags } from "./changes.server";
import { withPostedPricing } from "./pricing-input";
import { checkedPageUrl as sourceUrl, whatWasSeen as seen } from "~/models/provenance/confirm-input";
import { editToolPricing, removePricingOverride } from "./pricing-overrides.server";

/**
 * /admin/prices/<slug> (issue 27, decision 036): an editor saves a tool's structured pricing, with or without
 * confirming it on the vendor's page, or removes an editorial tool's override. The price shows in cards, listings,
 * sorts and the tool page, so each write makes the catalogue and the tool's page stale.
 */
const slug = z.string().min(1, "confirmSubjectUnknown").max(200, "confirmSubjectUnknown");
const note = z.string().trim().max(500, "pricingNoteTooLong").optional();

/** Cards, listings and sorts read the catalogue; the tool's page and the price history (/changes, the feed) too. */
const staleAfter = ({ slug }: { slug: string }) => [...CATALOGUE, ...toolChangeTags(slug)];

export const savePricingWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: withPostedPricing({ slug, note }),
  invalidMessage: "pricingInvalid",
  run: ({ slug, note, facts }, { viewer }) => editToolPricing({ slug, note, facts }, viewer),
  invalidates: staleAfter,
  success: "pricingSaved",
});

export const saveAndConfirmPricingWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: withPostedPricing({ slug, note, sourceUrl, seen }),
  invalidMessage: "pricingInvalid",
  run: (input, { viewer }) => editToolPricing(input, viewer),
  invalidates: staleAfter,
  success: "pricingSavedConfirmed",
});

export const removePricingOverrideWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug }),
  run: (input, { viewer }) => removePricingOverride(input, viewer),
  invalidates: staleAfter,
  success: "pricingOverrideRemoved",
});
