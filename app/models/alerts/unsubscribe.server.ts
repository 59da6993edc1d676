import { eq, sql } from "drizzle-orm";
import { shortlists, users } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { sign, signatureHolds } from "~/utils/signing.server";

/**
 * The one-click unsubscribe of watchers' mail (RFC 8058, decision 035), signed like the newsletter's links
 * (utils/signing.server.ts, its own purpose): the token names the list ('alerts' or 'digest') and the account, so it
 * works without a session and turns off only what that email was. A deleted account's token finds nobody.
 */

/** `shortlists`: the alerts of every one of the reader's shortlists (issue 47). */
export const MAIL_LISTS = ["alerts", "digest", "shortlists"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

const PURPOSE = "watch mail unsubscribe v1";

export function unsubscribeToken(userId: string, list: MailList): string {
  return `${list}.${userId}.${sign(PURPOSE, `${list}.${userId}`)}`;
}

/** The List-Unsubscribe addresses of one reader's list: our one-click URL, and a mailto the editors read. */
export function unsubscribeLinks(userId: string, list: MailList) {
  const { SITE_URL, CONTACT_EMAIL } = getEnv();
  const url = `${SITE_URL}/unsubscribe/alerts?token=${unsubscribeToken(userId, list)}`;
  const subject = list === "digest" ? "Unsubscribe from the weekly digest" : list === "shortlists" ? "Unsubscribe from shortlist alerts" : "Unsubscribe from watch alerts";
  const mailto = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`;
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
  const [row] = await getDb()
    .select({
      email: users.email,
      alerts: users.watchAlerts,
      digest: users.weeklyDigest,
      shortlists: sql<boolean>`exists (select 1 from shortlists s where s.user_id = ${users}.id and s.alerts)`,
    })
    .from(users)
    .where(eq(users.id, parsed.userId))
    .limit(1);
  if (!row) return null;
  return { list: parsed.list, email: row.email, off: parsed.list === "digest" ? !row.digest : parsed.list === "shortlists" ? !row.shortlists : !row.alerts };
}

/** Turns the token's list off (again and again alike); null when the token is not ours or the account is gone. */
export async function unsubscribeFromList(token: string): Promise<{ list: MailList } | null> {
  const parsed = parse(token);
  if (!parsed) return null;
  if (parsed.list === "shortlists") {
    // Every list of the reader: the account must exist for the link to say so.
    const [reader] = await getDb().select({ id: users.id }).from(users).where(eq(users.id, parsed.userId));
    if (!reader) return null;
    await getDb().update(shortlists).set({ alerts: false }).where(eq(shortlists.userId, parsed.userId));
    return { list: parsed.list };
  }
  const rows = await getDb()
    .update(users)
    .set(parsed.list === "digest" ? { weeklyDigest: false } : { watchAlerts: false })
    .where(eq(users.id, parsed.userId))
    .returning({ id: users.id });
  return rows.length ? { list: parsed.list } : null;
}
