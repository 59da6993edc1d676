import { SITE_NAME } from "~/lib/site";
import type { Email } from "~/utils/email.server";

/**
 * The one layout every email shares: a greeting, paragraphs, one button with
 * its link repeated as text, a small-print footer and the site's name, as
 * HTML and as plain text. Templates (emails/*.server.ts) only supply words.
 */
export type EmailContent = {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer: string;
  /**
   * Newsletter mail: the one-click unsubscribe address, printed under the footer and sent as the
   * List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058), so mail programs offer their own button.
   */
  unsubscribeUrl?: string;
};

export type Recipient = { name: string; email: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export function renderEmail(to: Recipient, { subject, paragraphs, action, footer, unsubscribeUrl }: EmailContent): Email {
  const greeting = `Hi ${to.name || "there"},`;
  const unsubscribe = unsubscribeUrl ? `Unsubscribe with one click: ${unsubscribeUrl}` : "";
  return {
    to: to.email,
    subject,
    link: action.url,
    headers: unsubscribeUrl ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
    text: [greeting, "", ...paragraphs, "", `${action.label}: ${action.url}`, "", footer, ...(unsubscribe ? ["", unsubscribe] : []), "", SITE_NAME].join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
${unsubscribeUrl ? `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">Unsubscribe</a> with one click.</p>\n` : ""}<p>${escapeHtml(SITE_NAME)}</p>
</body></html>`,
  };
}
