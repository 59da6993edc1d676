import { z } from "zod";
import { AppError } from "~/utils/errors.server";
import { indexNowConfig } from "~/utils/indexnow.server";
import { defineWrite } from "~/utils/write.server";
import { changedPathsSince, lastSuccessfulSubmission, submitPaths, SUBMISSIONS_TAG } from "./submissions.server";
import { sitemapPaths } from "./sitemap-paths.server";

/** The dashboard's 'Submit all URLs' and 'Submit changed' (and POST /api/search-engines/submit): the owner's only. */
export const submitUrlsWrite = defineWrite({
  auth: "owner",
  limit: "searchEngineSubmit",
  input: z.object({ scope: z.enum(["all", "changed"]).default("changed") }),
  run: async ({ scope }) => {
    if (!indexNowConfig()) throw new AppError("CONFLICT", { message: "indexNowOff" });
    const paths = scope === "all" ? await sitemapPaths() : await changedPathsSince(await lastSuccessfulSubmission());
    return submitPaths(paths, scope === "all" ? "owner-all" : "owner-changed");
  },
  // The rows appear at once; each batch's result invalidates the list again when it arrives.
  invalidates: () => [SUBMISSIONS_TAG],
  success: (started) => (started.urlCount ? "submissionStarted" : "nothingToSubmit"),
  status: (started) => (started.urlCount ? 202 : 200),
});
