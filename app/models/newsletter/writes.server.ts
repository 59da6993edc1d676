import { z } from "zod";
import { AppError } from "~/utils/errors.server";
import { emailField } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { NEWSLETTER_SOURCES } from "~/lib/newsletter/newsletter";
import { removeSubscriber } from "./admin.server";
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
