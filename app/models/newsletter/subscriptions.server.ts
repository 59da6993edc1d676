import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema";
import type { NewsletterSource } from "~/lib/newsletter/newsletter";
import { alreadySubscribedEmail, confirmSubscriptionEmail, welcomeEmail } from "~/emails/newsletter.server";
import { cadenceText } from "~/lib/newsletter/issue";
import { cached } from "~/utils/cache.server";
import { newsletterCadence } from "./issue-queries.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { mailLimitError, sendWithinLimit } from "~/utils/limits.server";
import { enqueueEmail } from "~/utils/outbox.server";
import { sign, signatureHolds } from "~/utils/signing.server";

/**
 * The newsletter's double opt-in (decision 016). Subscribing stores the address unconfirmed and mails a link
 * that confirms it; the link is signed and single-use (its nonce is replaced by every new confirmation email and
 * cleared when used). Every answer to a subscription is the same whether or not the address was known, and every
 * mail carries a signed one-click unsubscribe link.
 */

const CONFIRM = "newsletter confirm v1";
const UNSUBSCRIBE = "newsletter unsubscribe v1";

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** A subscriber's own signed one-click unsubscribe address (every newsletter mail carries it, decision 016). */
export function unsubscribeUrlOf(subscriberId: number): string {
  return `${getEnv().SITE_URL}/newsletter/unsubscribe?token=${subscriberId}.${sign(UNSUBSCRIBE, String(subscriberId))}`;
}

function links(subscriber: Pick<Subscriber, "id">, nonce?: string) {
  const site = getEnv().SITE_URL;
  return {
    confirm: nonce ? `${site}/newsletter/confirm?token=${subscriber.id}.${nonce}.${sign(CONFIRM, `${subscriber.id}.${nonce}`)}` : "",
    unsubscribe: unsubscribeUrlOf(subscriber.id),
    newsletter: `${site}/newsletter`,
    archive: `${site}/newsletter`,
  };
}

/** How often issues went out, in words, for the mail that promises them (decision 061). */
const cadence = async () => cadenceText(await newsletterCadence());

/**
 * Subscribes `email` (already trimmed and lower-cased): a new or lapsed address gets a confirmation link, a
 * confirmed one a note that nothing changed. The caller's answer is the same in every case. The mail goes to the
 * outbox in the subscription's transaction (decision 032): a mail server that refuses delays it, never loses it.
 */
export async function subscribe(input: { email: string; name: string; source: NewsletterSource }) {
  // Counted per message sent, whichever of the two it is, so the refusal says nothing about the address; an attempt
  // refused before (a bad address, a full window) never counts (decision 038). Refused, nothing changes: the last
  // link sent stays valid.
  const result = await sendWithinLimit("newsletterMail", input.email, () => subscribeAndMail(input));
  if (!result.sent) throw mailLimitError(result);
}

async function subscribeAndMail({ email, name, source }: { email: string; name: string; source: NewsletterSource }) {
  const nonce = randomBytes(18).toString("base64url");
  const [existing] = await getDb()
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
    .limit(1);
  const recipient = { name: name || existing?.name || "", email };
  if (existing?.confirmedAt && !existing.unsubscribedAt) {
    await enqueueEmail(alreadySubscribedEmail(recipient, links(existing)));
    return;
  }
  const words = await cadence();
  // A lapsed or never-confirmed address starts a fresh opt-in: consent is never revived from an old one.
  await getDb().transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(sql`
    insert into ${newsletterSubscribers} (email, name, source, confirm_nonce, confirmation_sent_at)
    values (${email}, ${name || null}, ${source}, ${nonce}, now())
    on conflict ((lower(email))) do update set
      name = coalesce(excluded.name, ${newsletterSubscribers.name}), source = excluded.source,
      confirm_nonce = excluded.confirm_nonce, confirmation_sent_at = now(),
      confirmed_at = null, unsubscribed_at = null, updated_at = now()
    returning id`);
    await enqueueEmail(confirmSubscriptionEmail(recipient, links({ id: Number(rows[0]!.id) }, nonce), words), tx);
  });
}

function parseToken(token: string, parts: number): string[] | null {
  const pieces = token.split(".");
  if (pieces.length !== parts || !/^\d{1,18}$/.test(pieces[0]!)) return null;
  return pieces;
}

export type ConfirmOutcome = "confirmed" | "invalid";

/** Uses a confirmation link: confirms the address once and sends the welcome email (queued with the change). */
export async function confirmSubscription(token: string): Promise<ConfirmOutcome> {
  const parts = parseToken(token, 3);
  if (!parts) return "invalid";
  const [id, nonce, mac] = parts as [string, string, string];
  if (!signatureHolds(CONFIRM, `${id}.${nonce}`, mac)) return "invalid";
  const words = await cadence();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ confirmedAt: new Date(), confirmNonce: null, unsubscribedAt: null, updatedAt: new Date() })
      .where(sql`${newsletterSubscribers.id} = ${Number(id)} and ${newsletterSubscribers.confirmNonce} = ${nonce}`)
      .returning();
    if (!row) return "invalid";
    await enqueueEmail(welcomeEmail({ name: row.name ?? "", email: row.email }, links(row), words), tx);
    return "confirmed";
  });
}

/** The address an unsubscribe link names, when its signature holds (to show it on the page before the click). */
export async function subscriberOfUnsubscribeToken(token: string): Promise<Pick<Subscriber, "id" | "email" | "unsubscribedAt"> | null> {
  const parts = parseToken(token, 2);
  if (!parts || !signatureHolds(UNSUBSCRIBE, parts[0]!, parts[1]!)) return null;
  const [row] = await getDb()
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, Number(parts[0])))
    .limit(1);
  return row ?? null;
}

/** Unsubscribes the address of a signed link (again and again alike). */
export async function unsubscribe(token: string): Promise<boolean> {
  const subscriber = await subscriberOfUnsubscribeToken(token);
  if (!subscriber) return false;
  await getDb()
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`, confirmNonce: null, updatedAt: new Date() })
    .where(eq(newsletterSubscribers.id, subscriber.id));
  return true;
}

/** The cache tag of the subscriber count: confirming and unsubscribing change it. */
export const SUBSCRIBERS_TAG = "subscribers";

/** Confirmed, still subscribed readers (the home page's count, shown only when it says something). */
export function countActiveSubscribers(): Promise<number> {
  return cached("subscribers:count", [SUBSCRIBERS_TAG], async () => {
    const [row] = await getDb()
      .select({ count: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.confirmedAt} is not null and ${newsletterSubscribers.unsubscribedAt} is null`);
    return Number(row?.count ?? 0);
  });
}
