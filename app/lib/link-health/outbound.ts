/**
 * Every outbound (affiliate) button on the site points at our own /go/{kind}/{slug} redirect, never at the
 * destination: the server looks the destination up in stored data, applies the program's tracking rule and
 * records the click (decision 016). Links carry `target="_blank" rel="sponsored nofollow noopener"`
 * (components/tool/outbound-link.tsx).
 */
export const OUTBOUND_KINDS = ["tool", "course", "deal", "partner"] as const;
export type OutboundKind = (typeof OUTBOUND_KINDS)[number];

export function outboundHref(kind: OutboundKind, slug: string): string {
  return `/go/${kind}/${encodeURIComponent(slug)}`;
}
