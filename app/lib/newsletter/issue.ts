import { formatLongDate } from "../ui/dates";
import { countOf } from "../ui/plural";

/**
 * A newsletter issue's pieces (issue 41, decision 061), pure so the admin editor, the public page, the email and the
 * feed say the same thing. An item is a snapshot of one row the site recorded (a price change, a tool, a review, an
 * article, a deal), with the path of its page; the editor reorders and cuts items but never writes one.
 */
export const ISSUE_ITEM_KINDS = ["price-change", "tool-added", "review", "article", "deal-added", "deal-ended"] as const;
export type IssueItemKind = (typeof ISSUE_ITEM_KINDS)[number];

export type IssueItem = {
  /** Stable within an issue: the kind and the row's own key ('price-change:42', 'article:my-slug'). */
  key: string;
  kind: IssueItemKind;
  title: string;
  text: string;
  /** A path on the site (never an outside address). */
  path: string;
  /** The day it happened, YYYY-MM-DD. */
  date: string;
};

export type IssueStatus = "draft" | "scheduled" | "sending" | "sent";

export const ISSUE_KIND_HEADINGS: Record<IssueItemKind, string> = {
  "price-change": "Price and plan changes",
  "tool-added": "New in the directory",
  review: "In-depth reviews",
  article: "Articles",
  "deal-added": "New deals",
  "deal-ended": "Deals that ended",
};

const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = { draft: "Draft", scheduled: "Scheduled", sending: "Queueing", sent: "Sent" };

/**
 * What an issue's badge says. An issue is `sent` once every message is in the outbox; it says "Sent" only when the
 * outbox has handed every one to the mail server (or given up on it), "Delivering" before: a badge must not say more
 * than the counts beside it.
 */
export function issueStateLabel(issue: { status: IssueStatus; queued: number; delivered: number; failed: number }): string {
  if (issue.status === "sent" && issue.delivered + issue.failed < issue.queued) return "Delivering";
  return ISSUE_STATUS_LABELS[issue.status];
}

/** Items grouped under their headings, keeping the editor's order: a group sits where its first item is. */
export function groupItems(items: readonly IssueItem[]): { kind: IssueItemKind; heading: string; items: IssueItem[] }[] {
  const groups = new Map<IssueItemKind, IssueItem[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  return [...groups].map(([kind, list]) => ({ kind, heading: ISSUE_KIND_HEADINGS[kind], items: list }));
}

/** Applies the editor's form: the posted order, one item moved up or down, the ticked ones removed. Unknown keys are ignored. */
export function editItems(items: readonly IssueItem[], { order, remove, move }: { order: readonly string[]; remove: readonly string[]; move?: string }): IssueItem[] {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const seen = new Set<string>();
  const ordered: IssueItem[] = [];
  for (const key of order) {
    const item = byKey.get(key);
    if (item && !seen.has(key)) {
      ordered.push(item);
      seen.add(key);
    }
  }
  // Items the form did not list (none, unless the page was stale) keep their place at the end.
  for (const item of items) if (!seen.has(item.key)) ordered.push(item);
  const [direction, key] = move ? [move.slice(0, move.indexOf(":")), move.slice(move.indexOf(":") + 1)] : [];
  const at = ordered.findIndex((item) => item.key === key);
  const to = direction === "up" ? at - 1 : direction === "down" ? at + 1 : -1;
  if (at >= 0 && to >= 0 && to < ordered.length) [ordered[at], ordered[to]] = [ordered[to]!, ordered[at]!];
  const removed = new Set(remove);
  return ordered.filter((item) => !removed.has(item.key));
}

/** The address of a sent issue: the UTC day it went out, with a number when one went out that day already. */
export function issueSlug(day: string, taken: readonly string[]): string {
  if (!taken.includes(day)) return day;
  for (let n = 2; ; n += 1) if (!taken.includes(`${day}-${n}`)) return `${day}-${n}`;
}

export const ISSUE_SLUG_PATTERN = /^\d{4}-\d{2}-\d{2}(-\d{1,3})?$/;

export type Cadence = { sent: number; first: string | null; last: string | null };

/**
 * How often issues actually went out, in plain words, from the sent issues alone: what the sign-up boxes and the
 * confirmation mail promise instead of a frequency nobody kept.
 */
export function cadenceText({ sent, first, last }: Cadence): string {
  if (sent === 0 || !first || !last) return "No issue has been sent yet.";
  if (sent === 1) return `One issue sent so far, on ${formatLongDate(first)}.`;
  return `${countOf(sent, "issue")} sent since ${formatLongDate(first)}; the last on ${formatLongDate(last)}.`;
}
