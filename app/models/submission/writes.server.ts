import { z } from "zod";
import { CATALOGUE } from "~/utils/cache.server";
import { MAKER_ROLES, PRICING_MODELS, SLUG_PATTERN, SUBMISSION_LIMITS as L, toolDomain } from "~/lib/submission/submissions";
import { formBoolean, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { approveSubmission, createSubmission, rejectSubmission, updateSubmission } from "./mutations.server";

/**
 * Maker submissions through the write path (decision 010). The limits are the content files' (lib/submission/submissions.ts);
 * every problem is a field message key, so /submit and the editor's form print it under the field.
 */
const text = (min: number, max: number, short: string, long: string) => z.string().trim().min(min, short).max(max, long);

const submissionFields = {
  name: z.string().trim().min(1, "toolNameRequired").min(L.name.min, "toolNameTooShort").max(L.name.max, "toolNameTooLong"),
  websiteUrl: z
    .string()
    .trim()
    .min(1, "toolUrlRequired")
    .max(L.url.max, "toolUrlTooLong")
    .refine((url) => url.toLowerCase().startsWith("https://") && toolDomain(url) !== null, "toolUrlInvalid"),
  categorySlug: z.string().trim().min(1, "categoryRequired").max(60, "categoryRequired"),
  tagline: text(L.tagline.min, L.tagline.max, "taglineTooShort", "taglineTooLong"),
  description: text(L.description.min, L.description.max, "descriptionTooShort", "descriptionTooLong"),
  pricingText: text(L.pricingText.min, L.pricingText.max, "pricingTextTooShort", "pricingTextTooLong"),
  pricingModel: z.enum(PRICING_MODELS, { message: "pricingModelRequired" }),
  // An unticked box sends nothing.
  hasFreeTrial: formBoolean.optional().transform((value) => value ?? false),
};

export const submitToolWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredSubmit",
  limit: "toolSubmission",
  input: z.object({ ...submissionFields, makerRole: z.enum(MAKER_ROLES, { message: "makerRoleRequired" }) }),
  invalidMessage: "submissionInvalid",
  run: (input, { viewer }) => createSubmission(viewer, input),
  // Nothing public changes until an editor approves.
  invalidates: () => [],
  success: "submissionReceived",
  status: () => 201,
});

const adminInput = z.object({ id: idField, ...submissionFields });

export const saveSubmissionWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: adminInput,
  invalidMessage: "submissionInvalid",
  run: ({ id, ...fields }, { viewer }) => updateSubmission(viewer, id, fields),
  invalidates: () => [],
  success: "submissionSaved",
});

export const approveSubmissionWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: adminInput.extend({ slug: z.string().trim().max(L.slug.max, "slugInvalid").regex(SLUG_PATTERN, "slugInvalid") }),
  invalidMessage: "submissionInvalid",
  run: ({ id, ...fields }, { viewer }) => approveSubmission(viewer, id, fields),
  // The directory, categories, search, sitemaps and feeds all read the catalogue (utils/cache.server.ts).
  invalidates: (result) => [...CATALOGUE, `tool:${result.slug}`],
  success: "submissionApproved",
});

export const rejectSubmissionWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: idField, reason: text(L.reason.min, L.reason.max, "reasonTooShort", "reasonTooLong") }),
  invalidMessage: "submissionInvalid",
  run: ({ id, reason }, { viewer }) => rejectSubmission(viewer, id, reason),
  invalidates: () => [],
  success: "submissionRejected",
});
