import { emailOutbox } from "~/db/schema";
import { type Db, getDb } from "./db.server";
import type { Email } from "./email.server";

/**
 * The one way a write sends mail (issue 27): it puts the message in the outbox table, in the same transaction as
 * the change that caused it when it passes one (`db`), so a change that rolls back sends nothing and a change that
 * commits cannot lose its mail. The outbox worker delivers it (retries with backoff; one instance by lease).
 */
export async function enqueueEmail(email: Email, db: Pick<Db, "insert"> = getDb()): Promise<void> {
  await db.insert(emailOutbox).values({
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    replyTo: email.replyTo ?? null,
    headers: email.headers ?? null,
    link: email.link ?? null,
  });
}
