// Where a tool's list of platforms comes from (issue 44): the tool page's Platforms section.
const hostOf = (url: string) => URL.parse(url)?.hostname.replace(/^www\./, "") ?? url;

export const PLATFORMS_WORDS = {
  /** The vendor's page the list was taken from, as a link's words. */
  source: (url: string) => `As listed on ${hostOf(url)}`,
  notConfirmed: (date: string) => `, entered ${date}; not yet confirmed.`,
  confirmed: (date: string, byCheck: boolean) => (byCheck ? `; confirmed ${date} by our automatic check, which read that page.` : `; confirmed ${date} by an editor.`),
} as const;
