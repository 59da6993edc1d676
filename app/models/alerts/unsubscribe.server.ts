import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sign, signatureHolds } from "~/utils/signing.server";

/**
 * The one-click unsubscribe of watchers' mail (RFC 8058, decision 035), signed like the newsletter's links
 * (utils/signing.server.ts, its own purpose): the token names the list ('alerts' or 'digest') and the account, so it
 * works without a session and turns off only what that email was. A deleted account's token finds nobody.
 */

export const MAIL_LISTS = ["alerts", "digest"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

const PURPOSE = "watch mail unsubscribe v1";

export function unsubscribeToken(userId: string, list: MailList): string {
  return `${list}.${userId}.${sign(PURPOSE, `${list}.${userId}`)}`;
}

/** The List-Unsubscribe addresses of one reader's list: our one-click URL, and a mailto the editors read. */
export function unsubscribeLinks(userId: string, list: MailList) {
  const { SITE_URL, CONTACT_EMAIL } = getEnv();
  const url = `${SITE_URL}/unsubscribe/alerts?token=${unsubscribeToken(userId, list)}`;
  const mailto = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(list === "digest" ? "Unsubscribe from the weekly digest" : "Unsubscribe from watch alerts")}`;
  return { url, mailto, headers: { "List-Unsubscribe": `<${url}>, <${mailto}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

function parse(token: string): { list: MailList; userId: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [list, userId, mac] = parts as [string, string, string];
  if (!(MAIL_LISTS as readonly string[]).includes(list) || !/^[A-Za-z0-9_-]{1,100}$/.test(userId)) return null;
  if (!signatureHolds(PURPOSE, `${list}.${userId}`, mac)) return null;
  return { list: list as MailList, userId };
}

/** Whom a link names and whether that list is already off (the confirmation page says so before the click). */
export async function readerOfUnsubscribeToken(token: string): Promise<{ list: MailList; email: string; off: boolean } | null> {
  const parsed = parse(token);
  if (!parsed) return null;
  const [row] = await getDb().select({ email: users.email, alerts: users.watchAlerts, digest: users.weeklyDigest }).from(users).where(eq(users.id, parsed.userId)).limit(1);
  if (!row) return null;
  return { list: parsed.list, email: row.email, off: parsed.list === "digest" ? !row.digest : !row.alerts };
}

/** Turns the token's list off (again and again alike); null when the token is not ours or the account is gone. */
export async function unsubscribeFromList(token: string): Promise<{ list: MailList } | null> {
  const parsed = parse(token);
  if (!parsed) return null;
  const rows = await getDb()
    .update(users)
    .set(parsed.list === "digest" ? { weeklyDigest: false } : { watchAlerts: false })
    .where(eq(users.id, parsed.userId))
    .returning({ id: users.id });
  return rows.length ? { list: parsed.list } : null;
}
