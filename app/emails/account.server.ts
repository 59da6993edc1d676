import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/** The account emails: confirmation of a new address and the password reset link. */
export function verificationEmail(to: Recipient, link: string): Email {
  return renderEmail(to, {
    subject: `Confirm your email for ${SITE_NAME}`,
    paragraphs: [`Thanks for creating an account on ${SITE_NAME}. Confirm your email address to save favourite tools and write reviews.`],
    action: { label: "Confirm my email", url: link },
    footer: "The link works for 24 hours. If you did not create this account, ignore this message and nothing will happen.",
  });
}

export function resetPasswordEmail(to: Recipient, link: string): Email {
  return renderEmail(to, {
    subject: `Reset your ${SITE_NAME} password`,
    paragraphs: [
      "Someone (hopefully you) asked to reset the password of your account. Choose a new password with the link below; every device signed in to your account will be signed out.",
    ],
    action: { label: "Choose a new password", url: link },
    footer: "The link works for one hour. If you did not ask for this, ignore this message: your password stays as it is.",
  });
}
