import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { toolChanges, tools } from "~/db/schema";
import { recordAudit } from "~/models/admin/audit.server";
import { toolChangeTags } from "~/models/tool/changes.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { defineWrite } from "~/utils/write.server";

/**
 * /admin/policies (issue 44, decision 081): an editor who has read a changed policy page says what changed. The words
 * are written once onto the 'policy-changed' entry (`editor_note`), with an audit row, in one transaction; /changes,
 * its feed and the tool page then print them. A second description of the same entry is refused: what readers were
 * told stays what they were told (a correction is a matter for the audit log and a new entry, not an overwrite).
 */
export const describePolicyChangeWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({
    change: z.coerce.number({ error: "policyChangeUnknown" }).int("policyChangeUnknown").positive("policyChangeUnknown"),
    note: z.string({ error: "policyNoteRequired" }).trim().min(10, "policyNoteRequired").max(500, "policyNoteTooLong"),
  }),
  invalidMessage: "policyNoteInvalid",
  run: async ({ change, note }, { viewer }) =>
    getDb().transaction(async (tx) => {
      const [row] = await tx
        .select({ id: toolChanges.id, slug: tools.slug, editorNote: toolChanges.editorNote, after: toolChanges.after })
        .from(toolChanges)
        .innerJoin(tools, eq(tools.id, toolChanges.toolId))
        .where(and(eq(toolChanges.id, change), eq(toolChanges.kind, "policy-changed")))
        .for("update", { of: toolChanges });
      if (!row) throw new AppError("NOT_FOUND", { message: "policyChangeUnknown" });
      if (row.editorNote !== null) throw new AppError("CONFLICT", { message: "policyChangeDescribed" });
      // The row lock above makes a second editor's write wait and then find the note; the condition says so again.
      await tx
        .update(toolChanges)
        .set({ editorNote: note })
        .where(and(eq(toolChanges.id, change), isNull(toolChanges.editorNote)));
      await recordAudit(
        {
          actor: viewer,
          action: "policy.describe",
          targetType: "tool-change",
          targetId: change,
          before: { editorNote: null },
          after: { editorNote: note, ...(row.after as object) },
        },
        tx,
      );
      return { slug: row.slug };
    }),
  invalidates: ({ slug }) => toolChangeTags(slug),
  success: "policyChangeDescribedNow",
});
