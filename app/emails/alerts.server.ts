import { ALERT_EMAIL_WORDS, alertIntro, alertSubject, alertToolLine, digestIntro, digestNewTool, digestSubject } from "~/lib/words";
import { SHORTLIST_EMAIL_WORDS } from "~/lib/words/shortlist";
import type { Email } from "~/utils/email.server";
import { renderEmail, type Recipient } from "./layout.server";

/**
 * Watchers' mail (issue 27, decision 035): one alert per reader per run listing every change to the tools they
 * watch, and the weekly digest of the categories they follow. Words from the catalogue (lib/words.ts); every one
 * carries List-Unsubscribe with our one-click URL and a mailto, and List-Unsubscribe-Post (RFC 8058).
 */

export type Unsubscribe = { url: string; headers: Record<string, string> };
export type ToolChanges = { name: string; url: string; changes: string[] };

function withUnsubscribe(email: Email, unsubscribe: Unsubscribe): Email {
  return { ...email, headers: { ...email.headers, ...unsubscribe.headers } };
}

export function watchAlertEmail(to: Recipient, tools: ToolChanges[], links: { settings: string; unsubscribe: Unsubscribe }): Email {
  const count = tools.reduce((sum, tool) => sum + tool.changes.length, 0);
  return withUnsubscribe(
    renderEmail(to, {
      subject: alertSubject(tools.map((tool) => tool.name)),
      paragraphs: [alertIntro(count), ...tools.flatMap((tool) => [alertToolLine(tool.name, tool.url), ...tool.changes.map((change) => `• ${change}`)])],
      action: tools.length === 1 ? { label: tools[0]!.name, url: tools[0]!.url } : { label: ALERT_EMAIL_WORDS.settingsAction, url: links.settings },
      footer: ALERT_EMAIL_WORDS.changesFooter,
      unsubscribeUrl: links.unsubscribe.url,
    }),
    links.unsubscribe,
  );
}

export type DigestContent = {
  categories: string[];
  newTools: { name: string; pricing: string; url: string }[];
  priceChanges: ToolChanges[];
};

export function weeklyDigestEmail(to: Recipient, digest: DigestContent, links: { changes: string; unsubscribe: Unsubscribe }): Email {
  const changeCount = digest.priceChanges.reduce((sum, tool) => sum + tool.changes.length, 0);
  return withUnsubscribe(
    renderEmail(to, {
      subject: digestSubject(digest.newTools.length, changeCount),
      paragraphs: [
        digestIntro(digest.categories),
        ...(digest.newTools.length ? [ALERT_EMAIL_WORDS.newToolsHeading, ...digest.newTools.map((tool) => digestNewTool(tool.name, tool.pricing, tool.url))] : []),
        ...(digest.priceChanges.length
          ? [ALERT_EMAIL_WORDS.priceChangesHeading, ...digest.priceChanges.flatMap((tool) => [alertToolLine(tool.name, tool.url), ...tool.changes.map((change) => `• ${change}`)])]
          : []),
      ],
      action: { label: ALERT_EMAIL_WORDS.digestAction, url: links.changes },
      footer: ALERT_EMAIL_WORDS.digestFooter,
      unsubscribeUrl: links.unsubscribe.url,
    }),
    links.unsubscribe,
  );
}

/** A shortlist's alert (issue 47): the changes to its tools since the last one, one email per list and run. */
export function shortlistAlertEmail(to: Recipient, list: { name: string; url: string }, tools: ToolChanges[], unsubscribe: Unsubscribe): Email {
  const count = tools.reduce((sum, tool) => sum + tool.changes.length, 0);
  return withUnsubscribe(
    renderEmail(to, {
      subject: SHORTLIST_EMAIL_WORDS.subject(list.name),
      paragraphs: [SHORTLIST_EMAIL_WORDS.intro(list.name, count), ...tools.flatMap((tool) => [alertToolLine(tool.name, tool.url), ...tool.changes.map((change) => `• ${change}`)])],
      action: { label: SHORTLIST_EMAIL_WORDS.action, url: list.url },
      footer: SHORTLIST_EMAIL_WORDS.footer,
      unsubscribeUrl: unsubscribe.url,
    }),
    unsubscribe,
  );
}
