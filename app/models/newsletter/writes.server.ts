import { z } from "zod";
import { AppError } from "~/utils/errors.server";
import { emailField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { NEWSLETTER_SOURCES } from "~/lib/newsletter/newsletter";
import { idField } from "~/utils/input.server";
import { removeSubscriber } from "./admin.server";
import { ISSUES_TAG } from "./issue-queries.server";
import { deleteDraft, draftIssueFromWeek, saveIssue, scheduleIssue, sendTestIssue, unscheduleIssue } from "./issues.server";
import { wakeNewsletterJob } from "./send-job.server";
import { confirmSubscription, subscribe, SUBSCRIBERS_TAG, unsubscribe } from "./subscriptions.server";

/** The newsletter's forms, declared once: every box on the site posts `subscribeWrite` to /newsletter. */
export const subscribeWrite = defineWrite({
  auth: "anyone",
  // Per IP here; what one address is sent is limited where it is sent (subscribe, `newsletterMail`).
  limit: "newsletter",
  input: z.object({
    email: emailField,
    name: z.string().trim().max(80, "newsletterNameTooLong").optional().default(""),
    source: z.enum(NEWSLETTER_SOURCES).catch("newsletter"),
  }),
  invalidMessage: "subscribeFailed",
  run: (input) => subscribe(input),
  // Subscribers appear on no public page.
  invalidates: () => [],
  success: "subscribed",
});

const token = z.string().trim().min(1).max(300);

export const confirmSubscriptionWrite = defineWrite({
  auth: "anyone",
  limit: "newsletterLink",
  input: z.object({ token }),
  invalidMessage: "subscriptionLinkInvalid",
  run: async ({ token }) => {
    if ((await confirmSubscription(token)) !== "confirmed") throw new AppError("INVALID_INPUT", { message: "subscriptionLinkInvalid" });
  },
  // The home page's subscriber count.
  invalidates: () => [SUBSCRIBERS_TAG],
  success: "subscriptionConfirmed",
});

export const unsubscribeWrite = defineWrite({
  auth: "anyone",
  limit: "newsletterLink",
  input: z.object({ token }),
  invalidMessage: "unsubscribeLinkInvalid",
  run: async ({ token }) => {
    if (!(await unsubscribe(token))) throw new AppError("INVALID_INPUT", { message: "unsubscribeLinkInvalid" });
  },
  invalidates: () => [SUBSCRIBERS_TAG],
  success: "unsubscribed",
});

/** /admin/subscribers: an editor deletes an address on its owner's request (audited, without the address). */
export const removeSubscriberWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  run: ({ id }, { viewer }) => removeSubscriber(viewer, id),
  // The home page's count of confirmed subscribers.
  invalidates: () => [SUBSCRIBERS_TAG],
  success: "subscriberRemoved",
});

/*
 * /admin/newsletter (issue 41, decision 061): an editor drafts, edits, tests, schedules and sends issues. Each change
 * is audited in its transaction by the model. Only a sent issue is public, and only the sender marks one sent, so
 * these writes make no public page stale.
 */
const issueId = z.object({ id: idField.max(Number.MAX_SAFE_INTEGER) });
const keys = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(200)).max(500));

export const draftIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: z.object({}),
  run: (_input, { viewer }) => draftIssueFromWeek(viewer),
  invalidates: () => [],
  success: "issueDrafted",
  status: () => 201,
});

export const saveIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId.extend({
    subject: z.string().trim().min(1, "issueSubjectRequired").max(150, "issueSubjectTooLong"),
    intro: z.string().max(4000, "issueIntroTooLong").default(""),
    item: keys,
    remove: keys,
    move: z
      .string()
      .regex(/^(up|down):.{1,200}$/)
      .optional(),
  }),
  run: ({ id, subject, intro, item, remove, move }, { viewer }) => saveIssue(viewer, id, { subject, intro: intro.trim(), order: item, remove, move }),
  invalidates: () => [],
  success: "issueSaved",
});

export const sendTestIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId,
  run: ({ id }, { viewer }) => sendTestIssue(viewer, id),
  invalidates: () => [],
  success: "issueTestSent",
});

/** A time as the admin area shows times, in UTC (a datetime-local field, read as UTC). */
const utcTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "issueTimeInvalid")
  .transform((value) => new Date(`${value}Z`))
  .refine((date) => !Number.isNaN(date.getTime()), "issueTimeInvalid");

export const scheduleIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId.extend({ at: utcTime }),
  run: ({ id, at }, { viewer }) => scheduleIssue(viewer, id, at),
  invalidates: () => [],
  success: "issueScheduled",
});

export const sendIssueNowWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId,
  run: async ({ id }, { viewer }) => {
    const result = await scheduleIssue(viewer, id, "now");
    // Committed: a run of the sender is put on the queue now (when the sender is on) rather than at its next look.
    await wakeNewsletterJob();
    return result;
  },
  // The sender invalidates the archive when the issue has gone out; saying so here keeps the tag's writers listed.
  invalidates: () => [ISSUES_TAG],
  success: "issueSending",
});

export const unscheduleIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId,
  run: ({ id }, { viewer }) => unscheduleIssue(viewer, id),
  invalidates: () => [],
  success: "issueUnscheduled",
});

export const deleteIssueWrite = defineWrite({
  auth: "editor",
  limit: "adminAction",
  input: issueId,
  run: ({ id }, { viewer }) => deleteDraft(viewer, id),
  invalidates: () => [],
  success: "issueDeleted",
});
