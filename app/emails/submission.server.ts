import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/** The submitter hears the outcome of a maker submission either way (issue 19). `siteUrl` has no trailing slash. */
export function submissionApprovedEmail(to: Recipient, { toolName, slug, siteUrl }: { toolName: string; slug: string; siteUrl: string }): Email {
  return renderEmail(to, {
    subject: `${toolName} is now listed on ${SITE_NAME}`,
    paragraphs: [
      `Good news: an editor reviewed your submission of ${toolName} and approved it. It is now in our directory and search, marked as a community submission.`,
      "Readers can save it, rate it and review it from its page.",
    ],
    action: { label: `See ${toolName} on ${SITE_NAME}`, url: `${siteUrl}/tools/${slug}` },
    footer: "Your submissions and their status are on your profile page.",
  });
}

export function submissionRejectedEmail(to: Recipient, { toolName, reason, siteUrl }: { toolName: string; reason: string; siteUrl: string }): Email {
  return renderEmail(to, {
    subject: `Your submission of ${toolName} to ${SITE_NAME}`,
    paragraphs: [
      `Thank you for submitting ${toolName}. An editor reviewed it and we are not listing it. The editor's reason:`,
      reason,
      "If things change, you are welcome to submit it again.",
    ],
    action: { label: "See your submissions", url: `${siteUrl}/profile#submissions` },
    footer: "You get this email because you submitted a tool with your account.",
  });
}
