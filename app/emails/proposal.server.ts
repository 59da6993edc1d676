import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/**
 * A maker hears our editors' decision on a proposed change to their listing (issue 45, decision 084), either way.
 * `what` names the field in words ("Plans and prices"); `pageUrl` is the listing's maker page, where every proposal
 * and decision stays.
 */
export function proposalAcceptedEmail(to: Recipient, { toolName, what, toolUrl, pageUrl }: { toolName: string; what: string; toolUrl: string; pageUrl: string }): Email {
  return renderEmail(to, {
    subject: `Your change to ${toolName} on ${SITE_NAME} is live`,
    paragraphs: [
      `An editor read the page you named and accepted your proposed change to ${toolName}: ${what.toLowerCase()}. The listing shows it now.`,
      `Its history says the change was proposed by the maker and accepted by our editors, with your page as its source. Readers who watch ${toolName} with alerts on hear of it in their next alert email.`,
    ],
    action: { label: `See ${toolName}`, url: toolUrl },
    footer: `Your proposals and their decisions are on your listing's page: ${pageUrl}`,
  });
}

export function proposalRejectedEmail(to: Recipient, { toolName, what, reason, pageUrl }: { toolName: string; what: string; reason: string; pageUrl: string }): Email {
  return renderEmail(to, {
    subject: `Your proposed change to ${toolName} on ${SITE_NAME}`,
    paragraphs: [
      `An editor read your proposed change to ${toolName} (${what.toLowerCase()}) and did not accept it. Nothing on the listing changed. The editor's reason:`,
      reason,
      "You can propose it again, with a page on your site that says so.",
    ],
    action: { label: "See your listing's page", url: pageUrl },
    footer: "You get this email because you proposed a change to a listing you claimed.",
  });
}
