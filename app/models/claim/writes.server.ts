import { z } from "zod";
import { CLAIM_METHODS } from "~/lib/claim/claims";
import { emailField, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { checkClaim, confirmClaimLink, revokeClaim, startClaim } from "./claims.server";

/** Claiming a listing (issue 45, decision 082), declared once: /tools/<slug>/claim posts the first three, /admin/claims the last. */

const toolSlug = z.string().trim().min(1).max(200);

export const startClaimWrite = defineWrite({
  auth: "viewer",
  signInMessage: "claimSignIn",
  limit: "claimAttempt",
  input: z.discriminatedUnion(
    "method",
    [
      z.object({ toolSlug, method: z.literal("email"), email: emailField }),
      z.object({ toolSlug, method: z.enum(CLAIM_METHODS.filter((method) => method !== "email") as ["dns", "file"]) }),
    ],
    { error: "claimMethodRequired" },
  ),
  invalidMessage: "claimInvalid",
  run: (input, { viewer }) => startClaim(viewer, input),
  // A pending claim shows on no public page.
  invalidates: () => [],
  success: (result) => (result.method === "email" ? "claimEmailSent" : "claimTokenReady"),
});

export const checkClaimWrite = defineWrite({
  auth: "viewer",
  signInMessage: "claimSignIn",
  limit: "claimAttempt",
  input: z.object({ toolSlug }),
  run: (input, { viewer }) => checkClaim(viewer, input),
  invalidates: (result) => [`tool:${result.slug}`],
  success: "claimVerified",
});

export const confirmClaimWrite = defineWrite({
  auth: "viewer",
  signInMessage: "claimSignIn",
  limit: "claimAttempt",
  input: z.object({ toolSlug, token: z.string().trim().min(1).max(300) }),
  invalidMessage: "claimLinkInvalid",
  run: (input, { viewer }) => confirmClaimLink(viewer, input),
  invalidates: (result) => [`tool:${result.slug}`],
  success: (result) => (result.again ? "claimReconfirmed" : "claimVerified"),
});

export const revokeClaimWrite = defineWrite({
  auth: "owner",
  limit: "adminAction",
  input: z.object({ id: idField }),
  run: (input, { viewer }) => revokeClaim(viewer, input),
  invalidates: (result) => (result.slug ? [`tool:${result.slug}`] : []),
  success: "claimRevoked",
});
