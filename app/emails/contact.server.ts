import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";
import { renderEmail } from "./layout.server";

export type ContactMessage = { firstName: string; lastName: string; email: string; subject: string; message: string };

/** A message from /contact, to the editors, answered by replying to the sender (never mailed to the address typed). */
export function contactMessageEmail(to: string, message: ContactMessage): Email {
  const name = `${message.firstName} ${message.lastName}`;
  return {
    ...renderEmail(
      { name: "editors", email: to },
      {
        subject: `[Contact] ${message.subject}`,
        paragraphs: [`${name} <${message.email}> wrote through the contact form of ${SITE_NAME}:`, ...message.message.split(/\n{2,}/)],
        action: { label: `Reply to ${message.firstName}`, url: `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}` },
        footer: "Replying to this email answers the sender directly.",
      },
    ),
    replyTo: `"${name.replace(/["\\\r\n]/g, "")}" <${message.email}>`,
  };
}
