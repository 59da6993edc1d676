import { z } from "zod";
import { defineWrite } from "~/utils/write.server";
import { confirmDeal, confirmToolPricing } from "./mutations.server";
import { DEAL_CHECKS_TAG } from "./queries.server";
import { checkedPageUrl as sourceUrl, whatWasSeen as seen } from "./confirm-input";

const key = z.string().min(1, "confirmSubjectUnknown").max(200, "confirmSubjectUnknown");

/** /admin/prices: an editor confirms a tool's prices as listed on the vendor's page they checked (audited). */
export const confirmPricingWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ slug: key, sourceUrl, seen }),
  run: async (input, { viewer }) => confirmToolPricing(input, viewer),
  invalidates: ({ slug }) => [`tool:${slug}`],
  success: "pricingConfirmed",
});

/** /admin/prices: the same for a deal's terms. */
export const confirmDealWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: key, sourceUrl, seen }),
  run: async (input, { viewer }) => confirmDeal(input, viewer),
  invalidates: () => [DEAL_CHECKS_TAG],
  success: "dealConfirmedToast",
});
