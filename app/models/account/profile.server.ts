import { AVATAR_MAX_BYTES } from "~/lib/account/profile-rules";
import { exportShortlists } from "~/models/shortlist/queries.server";
import { followsOf, getMailSettings, listFollows, listWatches, mailSettingsFrom, mailSettingsOf, watchesOf } from "~/models/alerts/watches.server";
import { and, count, desc, eq, ne, sql, type Placeholder } from "drizzle-orm";
import {
  contactMessages,
  favorites,
  makerProposals,
  newsletterSubscribers,
  reviewProofs,
  reviewReports,
  reviews,
  reviewVotes,
  sessions,
  toolNotes,
  toolReactions,
  tools,
  toolSubmissions,
  uploads,
  users,
} from "~/db/schema";
import { listBookmarks } from "~/models/blog/bookmarks.server";
import { reviewCardFields } from "~/models/review/queries.server";
import { getDb } from "~/utils/db.server";
import { askRows, listsAskedAgain, rowsQuestion, type Bound } from "~/utils/json-rows.server";
import { AppError } from "~/utils/errors.server";
import { detectImageKind, ImageDecodeError, reencodeImage } from "~/utils/images.server";
import { deleteUpload, saveUpload, uploadUrl } from "~/utils/storage.server";

/**
 * A signed-in user's own data. Every function takes the user id from the
 * session (never from the form), so one user can only ever read or change
 * their own profile, favourites and reviews.
 */

const profileFields = { id: users.id, name: users.name, email: users.email, image: users.image, username: users.username, website: users.website, createdAt: users.createdAt };
const profileOf = (userId: Bound<string>) => rowsQuestion(profileFields, (select) => select.from(users).where(eq(users.id, userId)));

export async function getProfile(userId: string) {
  return (await askRows(profileOf(userId)))[0] ?? null;
}

const favoritesOf = (userId: Bound<string>) =>
  rowsQuestion({ toolId: tools.id, slug: tools.slug, name: tools.name, tagline: tools.tagline, addedAt: favorites.createdAt }, (select) =>
    select.from(favorites).innerJoin(tools, eq(tools.id, favorites.toolId)).where(eq(favorites.userId, userId)).orderBy(desc(favorites.createdAt)),
  );

export const listFavorites = (userId: string) => askRows(favoritesOf(userId));

/** The user's reviews, hidden ones included: their author sees them marked 'Hidden by a moderator' (decision 023). */
const ownReviewsOf = (userId: Bound<string>) =>
  rowsQuestion(
    {
      ...reviewCardFields,
      toolSlug: tools.slug,
      toolName: tools.name,
      hidden: sql<boolean>`${reviews.hiddenAt} is not null`,
      proofPending: sql<boolean>`exists (select 1 from ${reviewProofs} where ${reviewProofs.reviewId} = ${reviews.id})`,
    },
    (select) => select.from(reviews).innerJoin(tools, eq(tools.id, reviews.toolId)).where(eq(reviews.userId, userId)).orderBy(desc(reviews.createdAt)),
  );

export const listOwnReviews = (userId: string) => askRows(ownReviewsOf(userId));

/** The submitter's own submissions, newest first, with the tool page once approved (their profile). */
const ownSubmissionsOf = (userId: Bound<string>) =>
  rowsQuestion(
    {
      id: toolSubmissions.id,
      name: toolSubmissions.name,
      websiteUrl: toolSubmissions.websiteUrl,
      status: toolSubmissions.status,
      rejectionReason: toolSubmissions.rejectionReason,
      createdAt: toolSubmissions.createdAt,
      reviewedAt: toolSubmissions.reviewedAt,
      toolSlug: tools.slug,
    },
    (select) =>
      select
        .from(toolSubmissions)
        .leftJoin(tools, eq(tools.id, toolSubmissions.toolId))
        .where(eq(toolSubmissions.userId, userId))
        .orderBy(desc(toolSubmissions.createdAt), desc(toolSubmissions.id)),
  );

export const listOwnSubmissions = (userId: string) => askRows(ownSubmissionsOf(userId));

/** Everything /profile shows, in one statement (decision 057) built once: the profile, saved tools, reviews and submissions. */
const profilePage = listsAskedAgain((value: (name: "userId") => Placeholder) => {
  const userId = value("userId");
  return { profile: profileOf(userId), favorites: favoritesOf(userId), reviews: ownReviewsOf(userId), submissions: ownSubmissionsOf(userId) };
});

export async function getProfilePage(userId: string) {
  const lists = await profilePage({ userId });
  return { ...lists, profile: lists.profile[0] ?? null };
}

const sessionsOf = (userId: Bound<string>) =>
  rowsQuestion({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, userAgent: sessions.userAgent, expiresAt: sessions.expiresAt }, (select) =>
    select
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
      .orderBy(desc(sessions.updatedAt)),
  );

/** The user's signed-in devices, this one marked. */
const markCurrent = <Row extends { id: string }>(rows: Row[], currentSessionId: string) => rows.map(({ id, ...row }) => ({ ...row, current: id === currentSessionId }));

/** Everything /settings shows, in one statement (decision 057) built once: devices, watched tools, followed categories, mail settings. */
const settingsPage = listsAskedAgain((value: (name: "userId") => Placeholder) => {
  const userId = value("userId");
  return { sessions: sessionsOf(userId), watches: watchesOf(userId), follows: followsOf(userId), mail: mailSettingsOf(userId) };
});

export async function getSettingsPage(userId: string, currentSessionId: string) {
  const lists = await settingsPage({ userId });
  return { ...lists, sessions: markCurrent(lists.sessions, currentSessionId), mail: mailSettingsFrom(lists.mail) };
}

export async function countOtherSessions(userId: string, currentSessionId: string) {
  const [row] = await getDb()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), sql`${sessions.expiresAt} > now()`));
  return row?.n ?? 0;
}

export type ProfileInput = { name: string; username: string; website: string; avatar?: File; removeAvatar: boolean };

const avatarRefused = (detail: "avatarTooLarge" | "avatarType" | "avatarUnreadable") =>
  new AppError(detail === "avatarTooLarge" ? "PAYLOAD_TOO_LARGE" : "INVALID_INPUT", { message: "profileUpdateFailed", detail, fields: { avatar: detail } });
const usernameTaken = () => new AppError("CONFLICT", { message: "usernameTaken", fields: { username: "usernameTaken" } });

/** A new avatar, checked, cropped square and re-encoded without metadata; returns its URL. */
async function storeAvatar(avatar: File): Promise<string> {
  if (avatar.size > AVATAR_MAX_BYTES) throw avatarRefused("avatarTooLarge");
  const bytes = new Uint8Array(await avatar.arrayBuffer());
  if (!detectImageKind(bytes)) throw avatarRefused("avatarType");
  try {
    return uploadUrl(await saveUpload("avatars", await reencodeImage(bytes, { maxSide: 256, square: true }), "webp"));
  } catch (error) {
    if (error instanceof ImageDecodeError) throw avatarRefused("avatarUnreadable");
    throw error;
  }
}

/** Saves display name, username (unique, case-insensitive), website (http/https only) and avatar. */
export async function updateProfile(userId: string, { name, username, website, avatar, removeAvatar }: ProfileInput): Promise<void> {
  const taken = await getDb().execute(sql`select 1 from users where lower(username) = ${username} and id <> ${userId}`);
  if (taken.rows.length) throw usernameTaken();
  const current = await getProfile(userId);
  if (!current) throw new AppError("UNAUTHENTICATED", { message: "noUser" });

  const image = avatar && avatar.size > 0 ? await storeAvatar(avatar) : removeAvatar ? null : current.image;
  try {
    await getDb()
      .update(users)
      .set({ name, username, website: website || null, image, updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    // The unique index settles a race between two users choosing the same name at once.
    if (String(error).includes("users_username_idx")) throw usernameTaken();
    throw error;
  }
  if (image !== current.image) await deleteUpload(current.image?.replace(/^\/uploads\//, ""));
}

/**
 * What the user did on other people's content (helpful votes, reports), on tools (likes, notes), and what they
 * sent us under the account's email address (newsletter, contact messages): all personal data of theirs.
 */
async function activityOf(userId: string, email: string) {
  const db = getDb();
  const [helpfulVotes, reports, reactions, notes, newsletter, messages] = await Promise.all([
    db
      .select({ review: reviewVotes.reviewId, tool: tools.slug, votedAt: reviewVotes.createdAt })
      .from(reviewVotes)
      .innerJoin(reviews, eq(reviews.id, reviewVotes.reviewId))
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(eq(reviewVotes.userId, userId)),
    db
      .select({ review: reviewReports.reviewId, tool: tools.slug, reason: reviewReports.reason, reportedAt: reviewReports.createdAt })
      .from(reviewReports)
      .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
      .innerJoin(tools, eq(tools.id, reviews.toolId))
      .where(eq(reviewReports.userId, userId)),
    db
      .select({ tool: tools.slug, value: toolReactions.value, updatedAt: toolReactions.updatedAt })
      .from(toolReactions)
      .innerJoin(tools, eq(tools.id, toolReactions.toolId))
      .where(eq(toolReactions.userId, userId)),
    db
      .select({ tool: tools.slug, body: toolNotes.body, createdAt: toolNotes.createdAt })
      .from(toolNotes)
      .innerJoin(tools, eq(tools.id, toolNotes.toolId))
      .where(eq(toolNotes.userId, userId)),
    db
      .select({
        email: newsletterSubscribers.email,
        source: newsletterSubscribers.source,
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`),
    db
      .select({ subject: contactMessages.subject, message: contactMessages.message, sentAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${email})`),
  ]);
  return {
    helpfulVotes,
    reviewReports: reports,
    toolReactions: reactions.map(({ tool, value, updatedAt }) => ({ tool, reaction: value > 0 ? "like" : "dislike", updatedAt })),
    toolNotes: notes,
    newsletter: newsletter[0] ?? null,
    contactMessages: messages,
  };
}

/** Everything we hold about the account, as the privacy page promises (no password hash, no session tokens). */
export async function exportAccountData(userId: string) {
  const profile = await getProfile(userId);
  if (!profile) return null;
  const [verified] = await getDb().select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  const activeSessions = await getDb()
    .select({ createdAt: sessions.createdAt, lastActiveAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    account: { ...profile, emailVerified: verified?.emailVerified ?? false },
    sessions: activeSessions,
    favorites: (await listFavorites(userId)).map(({ slug, name, addedAt }) => ({ tool: slug, toolName: name, addedAt })),
    shortlists: await exportShortlists(userId),
    bookmarks: (await listBookmarks(userId)).map(({ slug, title, savedAt }) => ({ article: slug, title, savedAt })),
    watchedTools: (await listWatches(userId)).map(({ slug, name, since }) => ({ tool: slug, toolName: name, watchingSince: since })),
    followedCategories: (await listFollows(userId)).map(({ slug, name, since }) => ({ category: slug, categoryName: name, followingSince: since })),
    emailSettings: await getMailSettings(userId).then(({ alerts, digest }) => ({ watchAlerts: alerts, weeklyDigest: digest })),
    reviews: (await listOwnReviews(userId)).map(({ id, toolSlug, rating, comment, images, helpfulCount, createdAt, updatedAt, hidden, verified, proofPending }) => ({
      id,
      tool: toolSlug,
      rating,
      comment,
      images,
      helpfulCount,
      createdAt,
      updatedAt,
      hiddenByModerator: hidden,
      verifiedUser: verified,
      proofOfUseWaiting: proofPending,
    })),
    submissions: (await listOwnSubmissions(userId)).map(({ name, websiteUrl, status, rejectionReason, createdAt, reviewedAt, toolSlug }) => ({
      tool: name,
      websiteUrl,
      status,
      rejectionReason,
      submittedAt: createdAt,
      reviewedAt,
      listedAs: toolSlug,
    })),
    ...(await activityOf(userId, profile.email)),
  };
}

/** Every uploaded file that belongs to the user (avatar, review images, uploads never attached), as /uploads/ URLs. */
export async function accountFiles(userId: string): Promise<string[]> {
  const profile = await getProfile(userId);
  const owned = await getDb().select({ images: reviews.images }).from(reviews).where(eq(reviews.userId, userId));
  const uploaded = await getDb().select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, userId));
  // Private proofs of use are not served under /uploads, but go by the same path when the account is deleted.
  const proofs = await getDb().select({ key: reviewProofs.key }).from(reviewProofs).where(eq(reviewProofs.userId, userId));
  // So are a maker's logo images still waiting for the editors (decision 084); an accepted one is the tool's now.
  const logos = await getDb()
    .select({ key: sql<string | null>`${makerProposals.proposed}->>'key'` })
    .from(makerProposals)
    .where(and(eq(makerProposals.userId, userId), eq(makerProposals.field, "logo"), eq(makerProposals.status, "pending")));
  const files = [
    profile?.image,
    ...owned.flatMap((row) => row.images),
    ...uploaded.map((row) => `/uploads/${row.key}`),
    ...proofs.map((row) => `/uploads/${row.key}`),
    ...logos.map((row) => row.key && `/uploads/${row.key}`),
  ];
  return [...new Set(files.filter((value): value is string => Boolean(value)))];
}
