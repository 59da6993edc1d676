import { DRAFT_MAX_AGE_MS } from "~/lib/review/review-rules";

/**
 * Review drafts in local storage (spec §3 'Review draft' and 'Failed sync
 * queue entry'): one per user and tool, plus a queue of submissions that
 * failed to reach the server. Anything older than 24 hours is dropped.
 */
export type DraftData = { rating: number; comment: string };
type Draft = { user_id: string; tool_id: number; draft_data: DraftData; last_synced: number };
type QueueEntry = { userId: string; toolId: number; draftData: DraftData; timestamp: number };

const QUEUE_KEY = "review-sync-queue";
const draftKey = (userId: string, toolId: number) => `review-draft:${userId}:${toolId}`;

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the draft only lives in the form then.
  }
}

export function loadDraft(userId: string, toolId: number, now = Date.now()): DraftData | null {
  const draft = read<Draft>(draftKey(userId, toolId));
  if (!draft) return null;
  if (now - draft.last_synced > DRAFT_MAX_AGE_MS) {
    localStorage.removeItem(draftKey(userId, toolId));
    return null;
  }
  return draft.draft_data;
}

export function saveDraft(userId: string, toolId: number, data: DraftData) {
  if (!data.rating && !data.comment.trim()) return clearDraft(userId, toolId);
  write(draftKey(userId, toolId), { user_id: userId, tool_id: toolId, draft_data: data, last_synced: Date.now() } satisfies Draft);
}

export function clearDraft(userId: string, toolId: number) {
  try {
    localStorage.removeItem(draftKey(userId, toolId));
  } catch {
    // Nothing to clear.
  }
  write(
    QUEUE_KEY,
    failedQueue().filter((entry) => !(entry.userId === userId && entry.toolId === toolId)),
  );
}

/** The failed-sync queue with entries older than 24 hours removed. */
export function failedQueue(now = Date.now()): QueueEntry[] {
  const entries = (read<QueueEntry[]>(QUEUE_KEY) ?? []).filter((entry) => now - entry.timestamp <= DRAFT_MAX_AGE_MS);
  return entries;
}

export function queueFailedSubmit(userId: string, toolId: number, data: DraftData) {
  const others = failedQueue().filter((entry) => !(entry.userId === userId && entry.toolId === toolId));
  write(QUEUE_KEY, [...others, { userId, toolId, draftData: data, timestamp: Date.now() }]);
}

/** Moves an anonymous visitor's draft to their account once they sign in. */
export function adoptAnonymousDraft(userId: string, toolId: number) {
  const anonymous = loadDraft("anonymous", toolId);
  if (!anonymous) return;
  if (!loadDraft(userId, toolId)) saveDraft(userId, toolId, anonymous);
  clearDraft("anonymous", toolId);
}
