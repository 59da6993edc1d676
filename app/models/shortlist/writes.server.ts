import { z } from "zod";
import { SHORTLIST_NAME_MAX, SHORTLIST_NOTE_MAX, TEAM_SIZE_MAX } from "~/lib/shortlist/shortlist";
import { SHORTLIST_FIELD_WORDS as FIELD } from "~/lib/words/shortlist";
import { formBoolean, idField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import {
  addToShortlist,
  createShortlist,
  deleteShortlist,
  removeFromShortlist,
  renameShortlist,
  setShortlistAlerts,
  setShortlistNote,
  setShortlistSharing,
  setShortlistTeamSize,
} from "./mutations.server";

/**
 * Field problems are the page's own sentences (lib/words/shortlist.ts), not the catalogue's: the catalogue travels
 * with every page's first load (decision 080).
 *
 * A reader's shortlists' writes (issue 47, decision 087), each declared once: `auth: "viewer"`, and every model call
 * names the reader, so a list that is not theirs is the not-found answer. No public page shows a list (a shared one
 * is read per request, never kept): nothing cached goes stale but the reader's own data (`reader:<id>`, which the
 * write path adds), which the tool page's "Add to shortlist" form reads.
 */

const name = z.string().trim().min(1, FIELD.name).max(SHORTLIST_NAME_MAX, FIELD.name);
const note = z.string().trim().max(SHORTLIST_NOTE_MAX, FIELD.note).default("");
const listId = idField;
const toolSlug = z.string().min(1).max(200);

export const createShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ name }),
  run: ({ name }, { viewer }) => createShortlist(viewer.id, name),
  invalidates: () => [],
  success: "slSaved",
  status: () => 201,
});

export const renameShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, name }),
  run: ({ listId, name }, { viewer }) => renameShortlist(viewer.id, listId, name),
  invalidates: () => [],
  success: "slSaved",
});

export const shortlistTeamSizeWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, teamSize: z.coerce.number(FIELD.team).int(FIELD.team).min(1, FIELD.team).max(TEAM_SIZE_MAX, FIELD.team) }),
  run: ({ listId, teamSize }, { viewer }) => setShortlistTeamSize(viewer.id, listId, teamSize),
  invalidates: () => [],
  success: "slSaved",
});

export const deleteShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId }),
  run: ({ listId }, { viewer }) => deleteShortlist(viewer.id, listId),
  invalidates: () => [],
  success: "slSaved",
});

/**
 * "Add to shortlist" from a tool page or a card's page: `list` is one of the reader's lists, or `new` with `newName`.
 */
export const addToShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z
    .object({ toolSlug, list: z.union([z.literal("new"), listId]).default("new"), newName: z.string().trim().max(SHORTLIST_NAME_MAX, FIELD.name).default(""), note })
    .refine((input) => input.list !== "new" || input.newName.length > 0, { message: FIELD.name, path: ["newName"] }),
  run: ({ toolSlug, list, newName, note }, { viewer }) => addToShortlist(viewer.id, { toolSlug, note, ...(list === "new" ? { newName } : { listId: list }) }),
  invalidates: () => [],
  success: "slSaved",
  status: ({ added }) => (added ? 201 : 200),
});

export const shortlistNoteWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, toolSlug, note }),
  run: ({ listId, toolSlug, note }, { viewer }) => setShortlistNote(viewer.id, listId, toolSlug, note),
  invalidates: () => [],
  success: "slSaved",
});

export const removeFromShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, toolSlug }),
  run: ({ listId, toolSlug }, { viewer }) => removeFromShortlist(viewer.id, listId, toolSlug),
  invalidates: () => [],
  success: "slSaved",
});

export const shareShortlistWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, share: formBoolean }),
  run: ({ listId, share }, { viewer }) => setShortlistSharing(viewer.id, listId, share),
  invalidates: () => [],
  success: "slSaved",
});

export const shortlistAlertsWrite = defineWrite({
  auth: "viewer",
  limit: "shortlist",
  input: z.object({ listId, alerts: formBoolean }),
  run: ({ listId, alerts }, { viewer }) => setShortlistAlerts(viewer.id, listId, alerts),
  invalidates: () => [],
  success: ({ alerts }) => (alerts ? "slSaved" : "slAlertsOff"),
});
