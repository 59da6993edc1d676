import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/** Told to the owner when their account sees many failed sign-ins (decision 013); never names a password or token. */
export function signInAttemptsEmail(to: Recipient, { failures, minutes, resetLink }: { failures: number; minutes: number; resetLink: string }): Email {
  return renderEmail(to, {
    subject: `Someone is trying to sign in to your ${SITE_NAME} account`,
    paragraphs: [
      `There were ${failures} attempts to sign in to your account with a wrong password in the last ${minutes} minutes.`,
      "If that was you, there is nothing to do. If not, the password kept them out. Devices you signed in on before can still sign in; a new device may have to wait a while, or sign in after a password reset.",
      "If your password is used on other websites too, choose a new one that is only for us.",
    ],
    action: { label: "Choose a new password", url: resetLink },
    footer: "We send this warning at most once an hour. We never ask for your password by email.",
  });
}
