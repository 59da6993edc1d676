// Shortlists (issue 47, decision 087): the sentences only their pages print (decision 080: not in the catalogue, so
// the /auth page's first load does not carry them).

import { SHORTLISTS_PER_READER, TOOLS_PER_SHORTLIST } from "~/lib/shortlist/shortlist";

export const SHORTLIST_WORDS = {
  title: "Your shortlists",
  intro: "Named lists of tools you are weighing, with your notes. Each shows what changed since you added a tool.",
  none: "You have no shortlist yet. Make one here, or use Add to shortlist on a tool's page or card.",
  newList: "New list",
  nameLabel: "Name",
  create: "Create list",
  add: "Add to shortlist",
  addTitle: (tool: string) => `Add ${tool} to a shortlist`,
  chooseList: "List",
  newListOption: "A new list…",
  newListName: "Name of the new list",
  noteLabel: "Your note (optional)",
  addButton: "Add",
  teamSize: "Team size",
  teamSizeHint: "How many people would use the tools.",
  save: "Save",
  saveNote: "Save note",
  rename: "Rename",
  delete: "Delete this list",
  remove: "Remove",
  note: "Your note",
  noNote: "No note.",
  /** Before the cheapest plan covering the list's team (lib/tool/team-cost.ts, decision 086). */
  teamCost: (size: number) => `For a team of ${size}, the cheapest plan that covers it:`,
  plans: "Plans and terms",
  dataFacts: "Data and security",
  noFacts: "No data and security facts listed yet.",
  factsSummary: (count: number, confirmed: number) => `Data and security (${count} ${count === 1 ? "fact" : "facts"}, ${confirmed} confirmed)`,
  notConfirmed: "not yet confirmed",
  confirmed: (day: string) => `confirmed ${day}`,
  entered: (day: string) => `entered ${day}`,
  source: "source",
  changesSince: (day: string) => `Changes since you added it (${day})`,
  changesSinceShared: (day: string) => `Changes since it was added (${day})`,
  noChanges: "No recorded change since then.",
  empty: "No tools on this list yet. Use Add to shortlist on a tool's page or card.",
  share: "Share",
  shareIntro: "A private link: anyone who has it can read this list (not your name or email), without an account.",
  makeLink: "Make a link",
  stopSharing: "Stop sharing",
  sharedAt: "Shared at",
  alerts: "Email me when something on this list changes",
  alertsHint: "At most one email per run of the watch alerts, listing the changes to its tools.",
  alertsOn: "Turn on",
  alertsOff: "Turn off",
  alertsAreOn: "Alerts are on.",
  alertsAreOff: "Alerts are off.",
  export: "Export",
  csv: "Download CSV",
  print: "Printable page",
  teamLine: (size: number) => `For a team of ${size}. Prices are each plan's published terms; check the vendor's page before you buy.`,
  sharedNote: "A shortlist shared with you. Read-only.",
  tools: (count: number) => (count === 1 ? "1 tool" : `${count} tools`),
  printed: (day: string) => `Printed from the list as of ${day}.`,
  backToList: "Back to the list",
  allLists: "All your shortlists",
  onLists: (names: string[]) => `On your list${names.length > 1 ? "s" : ""}: ${names.join(", ")}`,
} as const;

/** The shortlist alert email (issue 47): one per list and run of the watch alerts. */
export const SHORTLIST_EMAIL_WORDS = {
  subject: (list: string) => `Your shortlist “${list}” changed`,
  intro: (list: string, count: number) => `Since our last email, we recorded ${count === 1 ? "1 change" : `${count} changes`} to tools on your shortlist “${list}”:`,
  action: "Open the list",
  footer: "You get this because you turned on alerts for this shortlist. Turn them off on the list's page, or every shortlist's with the link below.",
} as const;

/** The limits' refusals (lib/shortlist/shortlist.ts has the figures). */
export const SHORTLIST_LIMIT_WORDS = {
  lists: `You can keep at most ${SHORTLISTS_PER_READER} shortlists. Delete one to make another.`,
  tools: `A shortlist holds at most ${TOOLS_PER_SHORTLIST} tools. Remove one, or start another list.`,
} as const;

/** What a shortlist's form says under a field it refuses. */
export const SHORTLIST_FIELD_WORDS = {
  name: "Name the list (1-80 characters)",
  note: "At most 500 characters",
  team: "A team of 1 to 10,000",
} as const;
