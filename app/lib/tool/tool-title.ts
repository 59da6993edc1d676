import { TITLE_MAX_LENGTH } from "../site";

/**
 * A tool page's title says what the page is (issue 26): a review only where an in-depth editorial review is
 * published, else the catalogue entry's facts. The most descriptive form that fits in 60 characters (pageTitle adds
 * the brand only when there is room).
 */
export function toolPageTitle(name: string, reviewed: boolean): string {
  const candidates = reviewed
    ? [`${name} Review: Pricing, Features, Pros and Cons`, `${name} Review: Pricing and Features`, `${name} Review`]
    : [`${name}: pricing, features and alternatives`, `${name}: pricing and features`, `${name} pricing`];
  return candidates.find((title) => title.length <= TITLE_MAX_LENGTH) ?? name.slice(0, TITLE_MAX_LENGTH);
}
