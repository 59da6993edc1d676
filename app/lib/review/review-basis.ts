/**
 * What an editorial review may say about how it was made (issue 26: 'say only what happened').
 * A review says it was tested only when its file records the test (`testedAt`, `testedBy`); otherwise it says
 * what it is based on, and it names its sources on the vendor's own domain. Pure and relative-imported, so the
 * content schema (also run by scripts/validate-content.ts under plain Node) and the pages share one rule.
 */

/**
 * Wording that claims someone used the product: 'In our testing', 'we tested', 'hands-on', 'last tested', 'we tried',
 * 'in our experience'. Only a review with a recorded test may carry it. Words about testing in general ('A/B
 * testing', 'tested backups', 'user testing') are not claims and do not match.
 */
const TESTING_CLAIMS: RegExp[] = [
  /\b(?:in|from|during|after|based on|through) (?:our|my) (?:own )?(?:testing|tests?|trials?|experience|use|hands-on)\b/i,
  // 'we have not tested' says what did not happen: not a claim.
  /\b(?:we|i)(?:'ve| have| had)? (?!not\b|never\b)(?:\w+ )?(?:tested|tried|trialled|trialed|used)\b(?! to\b)/i,
  /\bhands[- ]on\b/i,
  /\blast tested\b/i,
  /(?<!\bnot |\bnever )\btested (?:by|on|it|them|each|every|the tool|this)\b/i,
  /\b(?:tests|tested|tries|tried) (?:each |every |the )?tools?\b/i,
  /\bfirst[- ]hand\b/i,
  /\b(?:testing|trying|tried|tested|working through) (?:its |their |the )?(?:free (?:plans?|tiers?)|trials?)\b/i,
  /\bour (?:own )?tests?\b/i,
];

/**
 * The claims of use in our own voice ('In our testing', 'we tried'): what an article, which records no test, may
 * never say. A reader's voice ('Can a detector prove that I used AI?') and third-person wording ('hands-on
 * experience' of a job seeker) are not about us.
 */
const FIRST_PERSON_CLAIMS: RegExp[] = [
  /\b(?:in|from|during|after|based on|through) our (?:own )?(?:testing|tests?|trials?|experience|use)\b/i,
  /\bwe(?:'ve| have| had)? (?!not\b|never\b)(?:\w+ )?(?:tested|tried|trialled|trialed|used)\b(?! to\b)/i,
  /\bour (?:own )?tests?\b/i,
];

/** The claims of use in a text, as they appear there (empty when there are none). */
export function testingClaims(text: string, { firstPersonOnly = false } = {}): string[] {
  return (firstPersonOnly ? FIRST_PERSON_CLAIMS : TESTING_CLAIMS).flatMap((pattern) => {
    const match = pattern.exec(text);
    return match ? [match[0]] : [];
  });
}

/** Every string inside a value (objects and arrays walked), with its path, for checking a whole review. */
export function stringsOf(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, [...path, index]));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringsOf(item, [...path, key]));
  return [];
}

/** Second-level labels of two-part public suffixes (example.co.uk, example.com.au): the registrable domain has three labels. */
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu"]);

/** The registrable domain of a host name ('docs.github.com' -> 'github.com', 'www.screamingfrog.co.uk' -> 'screamingfrog.co.uk'). */
export function registrableDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/**
 * Whether a source link is on the vendor's domain: the registrable domain of the tool's website, or one of the
 * vendor's other domains the review names (`vendorDomains`: OpenAI's help centre for ChatGPT, Anthropic's for Claude).
 */
export function isVendorUrl(url: string, websiteUrl: string, vendorDomains: readonly string[] = []): boolean {
  const domain = registrableDomain(new URL(url).hostname);
  return domain === registrableDomain(new URL(websiteUrl).hostname) || vendorDomains.includes(domain);
}
