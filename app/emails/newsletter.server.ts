import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type EmailContent, type Recipient } from "./layout.server";

/** The newsletter's own mail: the opt-in confirmation, the welcome, and the reminder to a subscriber who asked again. */
/**
 * `cadence`: how often issues actually went out, in plain words from the sent issues (lib/newsletter/issue.ts
 * `cadenceText`): the mail promises what the archive shows, not a frequency (decision 061).
 */
export function confirmSubscriptionEmail(to: Recipient, links: { confirm: string; unsubscribe: string; archive: string }, cadence: string): Email {
  return renderEmail(to, {
    subject: `Confirm your subscription to the ${SITE_NAME} newsletter`,
    paragraphs: [
      `Someone (hopefully you) asked to receive the ${SITE_NAME} newsletter at this address: new and updated AI tools, price changes, our latest reviews and articles, and deals worth knowing about.`,
      `${cadence} Every past issue is at ${links.archive}.`,
      "Nothing will be sent until you confirm.",
    ],
    action: { label: "Confirm my subscription", url: links.confirm },
    footer: "If you did not ask for this, ignore this message: you will not hear from us again.",
    unsubscribeUrl: links.unsubscribe,
  });
}

export function welcomeEmail(to: Recipient, links: { newsletter: string; unsubscribe: string }, cadence: string): Email {
  return renderEmail(to, {
    subject: `Welcome to the ${SITE_NAME} newsletter`,
    paragraphs: [
      "Your subscription is confirmed. Each issue lists the tools we added or whose prices changed, the reviews and articles we published, and the deals that started or ended since the one before.",
      `${cadence} You will get the next issue we send.`,
      "Every email has a one-click unsubscribe link, like the one below.",
    ],
    action: { label: "Read past issues", url: links.newsletter },
    footer: "You receive this because you confirmed a subscription on our site.",
    unsubscribeUrl: links.unsubscribe,
  });
}

export function alreadySubscribedEmail(to: Recipient, links: { newsletter: string; unsubscribe: string }): Email {
  return renderEmail(to, {
    subject: `You are already subscribed to the ${SITE_NAME} newsletter`,
    paragraphs: ["Someone (hopefully you) asked to subscribe this address again. It is already subscribed, so nothing changes."],
    action: { label: "What the newsletter covers", url: links.newsletter },
    footer: "If you no longer want the newsletter, unsubscribe with the link below.",
    unsubscribeUrl: links.unsubscribe,
  });
}

export type IssueEmailContent = Pick<EmailContent, "subject"> & { body: NonNullable<EmailContent["body"]> };

/** One newsletter issue (decision 061): its introduction and items, the web copy's link, and the reader's own one-click unsubscribe. */
export function newsletterIssueEmail(to: Recipient, issue: IssueEmailContent, links: { web: string; unsubscribe: string }): Email {
  return renderEmail(to, {
    subject: issue.subject,
    paragraphs: [],
    body: issue.body,
    action: { label: "Read this issue on the web", url: links.web },
    footer: `You receive this because you confirmed a subscription to the ${SITE_NAME} newsletter.`,
    unsubscribeUrl: links.unsubscribe,
  });
}
