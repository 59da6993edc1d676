import { eq, or, sql } from "drizzle-orm";
import { contactMessages, emailOutbox, newsletterSubscribers, users, verifications } from "~/db/schema";
import { getDb } from "~/utils/db.server";

/**
 * Deleting an account (decision 038) erases everything the data export lists, in one transaction: either all of it
 * goes or none does. Rows that reference `users.id` go by ON DELETE CASCADE with the user row (sessions,
 * credentials, favourites, bookmarks, reviews and their votes, reports, replies and proofs, notes, likes, uploads,
 * submissions, watches, follows, pending alerts, mailing counts, shortlists and their tools). What follows is kept by address or by a
 * column that is no foreign key, so it is deleted here by name.
 *
 * Kept on purpose: an editor's acts outlive their account (`audit_log.actor_email`, and `hidden_by`,
 * `fact_checks.editor_id`... set null); an approved submission's tool stays in the catalogue (it is the vendor's,
 * not the submitter's); rate-limit windows keyed by the address or id end by themselves within a day (deleting
 * them would let whoever fills them start again at once).
 */
export async function eraseAccount(userId: string, email: string): Promise<void> {
  const address = email.toLowerCase();
  await getDb().transaction(async (tx) => {
    // What was sent to us under the account's address, signed in or not: the export lists both as the account's.
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${address}`);
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${address}`);
    // Mail to the address (waiting, or kept 14 days after delivery), and contact mail whose Reply-To names it.
    await tx.delete(emailOutbox).where(or(sql`lower(${emailOutbox.to}) = ${address}`, sql`right(lower(${emailOutbox.replyTo}), ${address.length + 2}) = ${`<${address}>`}`));
    // Better Auth's one-time tokens: a reset link's row holds the user id, in a column that is no foreign key.
    await tx.delete(verifications).where(or(eq(verifications.value, userId), sql`lower(${verifications.identifier}) = ${address}`));
    await tx.delete(users).where(eq(users.id, userId));
  });
}
