import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/** The newsletter's own mail: the opt-in confirmation, the welcome, and the reminder to a subscriber who asked again. */
export function confirmSubscriptionEmail(to: Recipient, links: { confirm: string; unsubscribe: string }): Email {
  return renderEmail(to, {
    subject: `Confirm your subscription to the ${SITE_NAME} newsletter`,
    paragraphs: [
      `Someone (hopefully you) asked to receive the ${SITE_NAME} newsletter at this address: new and updated AI tools, our latest comparisons and guides, and offers worth knowing about, about once a week.`,
      "Nothing will be sent until you confirm.",
    ],
    action: { label: "Confirm my subscription", url: links.confirm },
    footer: "If you did not ask for this, ignore this message: you will not hear from us again.",
    unsubscribeUrl: links.unsubscribe,
  });
}

export function welcomeEmail(to: Recipient, links: { newsletter: string; unsubscribe: string }): Email {
  return renderEmail(to, {
    subject: `Welcome to the ${SITE_NAME} newsletter`,
    paragraphs: [
      "Your subscription is confirmed. Expect about one email a week with the tools we added or whose listings changed, the comparisons and guides we published, and current offers with their terms.",
      "Every email has a one-click unsubscribe link, like the one below.",
    ],
    action: { label: "What the newsletter covers", url: links.newsletter },
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
