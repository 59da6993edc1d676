import { z } from "zod";
import type { MessageKey } from "~/lib/messages";
import { AppError } from "~/utils/errors.server";
import { formBoolean } from "~/utils/input.server";
import { defineWrite } from "~/utils/write.server";
import { unsubscribeFromList } from "./unsubscribe.server";
import { setFollow, setMailSettings, setWatch } from "./watches.server";

/**
 * Watch a tool, follow a category, the two email settings, and the emails' one-click unsubscribe (issue 27,
 * decision 035). None of it shows on a public page (a button's state is the signed-in reader's own, rendered only
 * for them, never cached): nothing cached goes stale.
 */

const slug = z.string().min(1).max(200);
/** An unticked checkbox is not sent: absent means off. */
const checkbox = formBoolean.optional().transform((value) => value ?? false);

export const watchWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredWatch",
  limit: "feedback",
  input: z.object({ toolSlug: slug, watch: formBoolean }),
  run: ({ toolSlug, watch }, { viewer }) => setWatch(viewer.id, toolSlug, watch),
  invalidates: () => [],
  success: ({ watching }): MessageKey => (watching ? "watchAdded" : "watchRemoved"),
});

export const followWrite = defineWrite({
  auth: "viewer",
  signInMessage: "authRequiredWatch",
  limit: "feedback",
  input: z.object({ categorySlug: slug, follow: formBoolean }),
  run: ({ categorySlug, follow }, { viewer }) => setFollow(viewer.id, categorySlug, follow),
  invalidates: () => [],
  success: ({ following }): MessageKey => (following ? "followAdded" : "followRemoved"),
});

export const mailSettingsWrite = defineWrite({
  auth: "viewer",
  limit: "feedback",
  input: z.object({ alerts: checkbox, digest: checkbox }),
  run: (settings, { viewer }) => setMailSettings(viewer.id, settings),
  invalidates: () => [],
  success: "mailSettingsSaved",
});

/** The button of /unsubscribe/alerts and the RFC 8058 one-click POST of a mail program: no session needed. */
export const alertsUnsubscribeWrite = defineWrite({
  auth: "anyone",
  limit: "newsletterLink",
  input: z.object({ token: z.string().trim().min(1).max(300) }),
  invalidMessage: "unsubscribeLinkInvalid",
  run: async ({ token }) => {
    const done = await unsubscribeFromList(token);
    if (!done) throw new AppError("INVALID_INPUT", { message: "unsubscribeLinkInvalid" });
    return done;
  },
  invalidates: () => [],
  success: ({ list }): MessageKey => (list === "digest" ? "digestUnsubscribed" : list === "shortlists" ? "slAlertsOff" : "alertsUnsubscribed"),
});
