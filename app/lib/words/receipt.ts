// A confirmation's receipt (/receipts/<id>, issue 44): what each part of it says.
export const RECEIPT_WORDS = {
  title: (subject: string) => `Receipt: ${subject}`,
  pricesOf: (tool: string) => `${tool}'s prices`,
  factOf: (tool: string, fact: string) => `${tool}: ${fact}`,
  quotes: "The page stated it in these words:",
  description: 'What a "confirmed" on our pages rests on: the page that was read, when, by whom, and what matched.',
  what: "What was confirmed",
  changedSince: 'Changed since: the page shows other facts now, which this confirmation does not cover (it says "not yet confirmed" until they are).',
  when: "When",
  who: "By",
  automatic: "Our automatic check, which read the page itself",
  editor: (name: string | null) => (name ? `An editor, ${name}` : "An editor whose account has since been closed"),
  page: "The page that was read",
  matched: "What matched",
  finding: (plan: string, listed: string, found: boolean) => `${plan}: ${listed} — ${found ? "found on the page" : "not found on the page"}`,
  noNote: "No note of what was seen: this confirmation was recorded before a note was required.",
  crumb: "Receipt",
} as const;
