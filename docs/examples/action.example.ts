// How routes use the writes of write.example.ts: each export is, in a real route module, the `action` of its own
// module (typed `Route.ActionArgs` there). CONTRIBUTING.md quotes this file whole; `npx tsc` checks it against the code.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requireRole } from "~/utils/guards.server";
import { apiWrite, backTo, formWrite } from "~/utils/write.server";
import { noteWrite, restoreReviewWrite } from "./write.example";

/**
 * A page's action: the form's `intent` names the write. With JavaScript the form is a fetcher and the reply comes
 * back as its data; without, a plain post returns to the page it came from with the message as a flash.
 */
export const pageAction = (args: ActionFunctionArgs) =>
  formWrite(args, { note: { spec: noteWrite, options: { urlFields: { toolSlug: args.params.slug }, redirect: { when: "without-script", to: backTo(args.request) } } } });

/** The same write for scripts, as an /api/* route: JSON in, the reply as JSON with the outcome's status. */
export const apiAction = (args: ActionFunctionArgs) => apiWrite(args, noteWrite);

/** An admin page: its loader guards itself (loaders run in parallel, so the layout's check protects nothing here)... */
export function adminLoader(args: LoaderFunctionArgs) {
  requireRole(args, "editor");
  return null;
}

/** ...and its action needs no check of its own: every write it offers declares `auth: "editor"`. */
export const adminAction = (args: ActionFunctionArgs) => formWrite(args, { restore: { spec: restoreReviewWrite } });
