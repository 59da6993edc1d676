/** How the dashboard words a stored IndexNow submission (spec part 2 §4 'Ping': 'Pinging...', then the result). */
export type SubmissionView = { status: "pending" | "success" | "failed"; httpStatus: number | null; error: string | null; trigger: string };

export function submissionResult({ status, httpStatus, error }: SubmissionView): string {
  if (status === "pending") return "Pinging...";
  if (status === "success") return `Success${httpStatus ? ` (HTTP ${httpStatus})` : ""}`;
  return `Failed: ${error ?? (httpStatus ? `HTTP ${httpStatus}` : "no answer")}`;
}

const TRIGGERS: Record<string, string> = { "content-sync": "Content changed at start", "owner-all": "Submit all URLs", "owner-changed": "Submit changed" };

export const triggerLabel = (trigger: string) => TRIGGERS[trigger] ?? trigger;

/** A fixed, time-zone-free rendering, so that the server's HTML and the browser's hydration agree. */
export function utcTime(value: Date | string): string {
  return `${new Date(value).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
