import { and, asc, eq } from "drizzle-orm";
import { categories, categoryFollows, tools, toolWatches, users } from "~/db/schema";
import { getDb } from "~/utils/db.server";
import { askRows, rowsQuestion, type Bound } from "~/utils/json-rows.server";
import { AppError } from "~/utils/errors.server";

/**
 * A reader's watches (tools) and follows (categories), and their two email settings (issue 27, decision 035). The
 * user id always comes from the session. Nothing here is shown on a public page: the buttons' state is read for a
 * signed-in reader only: the tool page's part of their personal data, and the categories they follow (decision 055).
 */

async function requireToolId(toolSlug: string) {
  const [tool] = await getDb().select({ id: tools.id }).from(tools).where(eq(tools.slug, toolSlug)).limit(1);
  if (!tool) throw new AppError("NOT_FOUND", { message: "toolNotFound" });
  return tool.id;
}

export async function setWatch(userId: string, toolSlug: string, watch: boolean): Promise<{ watching: boolean }> {
  const toolId = await requireToolId(toolSlug);
  if (watch) await getDb().insert(toolWatches).values({ userId, toolId }).onConflictDoNothing();
  else
    await getDb()
      .delete(toolWatches)
      .where(and(eq(toolWatches.userId, userId), eq(toolWatches.toolId, toolId)));
  return { watching: watch };
}

export async function setFollow(userId: string, categorySlug: string, follow: boolean): Promise<{ following: boolean }> {
  const [category] = await getDb().select({ slug: categories.slug }).from(categories).where(eq(categories.slug, categorySlug)).limit(1);
  if (!category) throw new AppError("NOT_FOUND", { message: "categoryNotFound" });
  if (follow) await getDb().insert(categoryFollows).values({ userId, categorySlug }).onConflictDoNothing();
  else
    await getDb()
      .delete(categoryFollows)
      .where(and(eq(categoryFollows.userId, userId), eq(categoryFollows.categorySlug, categorySlug)));
  return { following: follow };
}

/** The categories a reader follows, by slug (a handful; their personal data, for the category pages' buttons). */
export async function listFollowedCategorySlugs(userId: string): Promise<string[]> {
  const rows = await getDb().select({ slug: categoryFollows.categorySlug }).from(categoryFollows).where(eq(categoryFollows.userId, userId));
  return rows.map((row) => row.slug);
}

export const watchesOf = (userId: Bound<string>) =>
  rowsQuestion({ slug: tools.slug, name: tools.name, since: toolWatches.createdAt }, (select) =>
    select.from(toolWatches).innerJoin(tools, eq(tools.id, toolWatches.toolId)).where(eq(toolWatches.userId, userId)).orderBy(asc(tools.name)),
  );

export const listWatches = (userId: string) => askRows(watchesOf(userId));

export const followsOf = (userId: Bound<string>) =>
  rowsQuestion({ slug: categories.slug, name: categories.name, since: categoryFollows.createdAt }, (select) =>
    select.from(categoryFollows).innerJoin(categories, eq(categories.slug, categoryFollows.categorySlug)).where(eq(categoryFollows.userId, userId)).orderBy(asc(categories.name)),
  );

export const listFollows = (userId: string) => askRows(followsOf(userId));

export type MailSettings = { alerts: boolean; digest: boolean };

export const mailSettingsOf = (userId: Bound<string>) =>
  rowsQuestion({ alerts: users.watchAlerts, digest: users.weeklyDigest }, (select) => select.from(users).where(eq(users.id, userId)).limit(1));

/** A user's answer, or the defaults a new account has. */
export const mailSettingsFrom = (rows: MailSettings[]): MailSettings => rows[0] ?? { alerts: true, digest: false };

export async function getMailSettings(userId: string): Promise<MailSettings> {
  return mailSettingsFrom(await askRows(mailSettingsOf(userId)));
}

export async function setMailSettings(userId: string, settings: MailSettings): Promise<MailSettings> {
  await getDb().update(users).set({ watchAlerts: settings.alerts, weeklyDigest: settings.digest }).where(eq(users.id, userId));
  return settings;
}
