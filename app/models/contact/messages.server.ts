import { eq } from "drizzle-orm";
import { contactMessages } from "~/db/schema";
import { contactMessageEmail, type ContactMessage } from "~/emails/contact.server";
import { getDb } from "~/utils/db.server";
import { sendEmail } from "~/utils/email.server";
import { getEnv } from "~/utils/env.server";
import { errorText, log } from "~/utils/logger.server";

/**
 * A message from /contact: stored first (nothing is lost when the mail server is down), then mailed to
 * CONTACT_EMAIL with the sender as Reply-To. Nothing is ever mailed to the address typed, so the form cannot be
 * used to send mail to strangers.
 */
export async function receiveContactMessage(message: ContactMessage): Promise<{ id: number }> {
  const [row] = await getDb().insert(contactMessages).values(message).returning({ id: contactMessages.id });
  try {
    await sendEmail(contactMessageEmail(getEnv().CONTACT_EMAIL, message));
    await getDb().update(contactMessages).set({ emailedAt: new Date() }).where(eq(contactMessages.id, row!.id));
  } catch (error) {
    // Kept unmailed (`emailed_at` null) for the editors to read in the database.
    log.error("contact message stored but not mailed", { id: row!.id, error: errorText(error) });
  }
  return { id: row!.id };
}
