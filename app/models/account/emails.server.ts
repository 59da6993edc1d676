import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

type Recipient = { name: string; email: string; link: string };

function message({ name, email, link }: Recipient, subject: string, lines: string[], action: string, footer: string): Email {
  const greeting = `Hi ${name || "there"},`;
  return {
    to: email,
    subject,
    link,
    text: [greeting, "", ...lines, "", `${action}: ${link}`, "", footer, "", `${SITE_NAME}`].join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
<p>${escapeHtml(SITE_NAME)}</p>
</body></html>`,
  };
}

export function verificationEmail(recipient: Recipient): Email {
  return message(
    recipient,
    `Confirm your email for ${SITE_NAME}`,
    [`Thanks for creating an account on ${SITE_NAME}. Confirm your email address to save favourite tools and write reviews.`],
    "Confirm my email",
    "The link works for 24 hours. If you did not create this account, ignore this message and nothing will happen.",
  );
}

export function resetPasswordEmail(recipient: Recipient): Email {
  return message(
    recipient,
    `Reset your ${SITE_NAME} password`,
    ["Someone (hopefully you) asked to reset the password of your account. Choose a new password with the link below; every device signed in to your account will be signed out."],
    "Choose a new password",
    "The link works for one hour. If you did not ask for this, ignore this message: your password stays as it is.",
  );
}
