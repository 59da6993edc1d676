import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/** A maker's claim of a listing (issue 45, decision 082): the one-time link that proves the address, first or again. */
export function claimLinkEmail(to: Recipient, { toolName, url, again, validFor }: { toolName: string; url: string; again: boolean; validFor: string }): Email {
  return renderEmail(to, {
    subject: again ? `Confirm again that you make ${toolName}` : `Confirm your claim of ${toolName} on ${SITE_NAME}`,
    paragraphs: again
      ? [
          `Every 30 days we check again that the maker of ${toolName} still controls its domain. Please open this link while signed in to your account.`,
          `It works for ${validFor}. If nobody follows it, we send one more; if that one is not followed either, the claim lapses and the tool's page no longer says it is claimed.`,
        ]
      : [
          `Someone signed in to ${SITE_NAME} asked to claim the listing of ${toolName} with this address. Open the link while signed in to that account to complete the claim.`,
          `It works for ${validFor} and only once. If you did not ask for this, ignore this email: nothing happens.`,
        ],
    action: { label: again ? "Confirm my claim" : "Complete my claim", url },
    footer: "Claims never change ratings, reviews or rankings on our site.",
  });
}

/** The maker hears when their claim lapsed after two failed re-checks in a row. */
export function claimLapsedEmail(to: Recipient, { toolName, claimUrl, reason }: { toolName: string; claimUrl: string; reason: string }): Email {
  return renderEmail(to, {
    subject: `Your claim of ${toolName} on ${SITE_NAME} has lapsed`,
    paragraphs: [
      `We checked your claim of ${toolName} twice in a row and could not confirm it. What we saw last: ${reason}.`,
      "The tool's page no longer says it is claimed by its maker. You can claim it again at any time.",
    ],
    action: { label: `Claim ${toolName} again`, url: claimUrl },
    footer: "You get this email because you claimed this listing with your account.",
  });
}
