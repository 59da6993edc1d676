import { contactMessages } from "~/db/schema";
import { contactMessageEmail, type ContactMessage } from "~/emails/contact.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueueEmail } from "~/utils/outbox.server";

/**
 * A message from /contact: stored, and its mail to CONTACT_EMAIL (the sender as Reply-To) put in the outbox in the
 * same transaction, so the outbox delivers it however long the mail server is down (decision 032); `emailed_at` is
 * when it was handed to the outbox. Nothing is ever mailed to the address typed, so the form cannot be used to send
 * mail to strangers.
 */
export async function receiveContactMessage(message: ContactMessage): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...message, emailedAt: new Date() })
      .returning({ id: contactMessages.id });
    await enqueueEmail(contactMessageEmail(getEnv().CONTACT_EMAIL, message), tx);
    return { id: row!.id };
  });
}
