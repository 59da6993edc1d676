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
  /**
   * A newsletter issue's body (decision 061), after the paragraphs: an introduction already rendered by the one
   * Markdown path (sanitised HTML, and its text), then linked items under headings. Addresses are absolute.
   */
  body?: { introHtml: string; introText: string; sections: { heading: string; items: { title: string; text: string; url: string }[] }[] };
};

export type Recipient = { name: string; email: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export function renderEmail(to: Recipient, { subject, paragraphs, action, footer, unsubscribeUrl, body }: EmailContent): Email {
  const greeting = `Hi ${to.name || "there"},`;
  const unsubscribe = unsubscribeUrl ? `Unsubscribe with one click: ${unsubscribeUrl}` : "";
  return {
    to: to.email,
    subject,
    link: action.url,
    headers: unsubscribeUrl ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
    text: [
      greeting,
      "",
      ...paragraphs,
      ...(body ? bodyText(body) : []),
      "",
      `${action.label}: ${action.url}`,
      "",
      footer,
      ...(unsubscribe ? ["", unsubscribe] : []),
      "",
      SITE_NAME,
    ].join("\n"),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${body ? bodyHtml(body) : ""}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, paste this address into your browser:<br>${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>
${unsubscribeUrl ? `<p style="font-size:13px;color:#555"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#555">Unsubscribe</a> with one click.</p>\n` : ""}<p>${escapeHtml(SITE_NAME)}</p>
</body></html>`,
  };
}

type Body = NonNullable<EmailContent["body"]>;

function bodyText({ introText, sections }: Body): string[] {
  return [
    ...(introText ? ["", introText] : []),
    ...sections.flatMap((section) => ["", section.heading.toUpperCase(), ...section.items.flatMap((item) => ["", `${item.title}`, item.text, item.url])]),
  ];
}

function bodyHtml({ introHtml, sections }: Body): string {
  return (
    (introHtml ? `<div>${introHtml}</div>\n` : "") +
    sections
      .map(
        (section) =>
          `<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(section.heading)}</h2>\n<ul style="padding-left:20px;margin:0">\n` +
          section.items
            .map(
              (item) =>
                `<li style="margin:0 0 12px"><a href="${escapeHtml(item.url)}" style="color:#4338ca;font-weight:600">${escapeHtml(item.title)}</a><br>${escapeHtml(item.text)}</li>`,
            )
            .join("\n") +
          "\n</ul>",
      )
      .join("\n")
  );
}
