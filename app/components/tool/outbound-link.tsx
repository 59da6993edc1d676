import type { ComponentProps } from "react";
import { outboundHref, type OutboundKind } from "~/lib/link-health/outbound";

type Props = Omit<ComponentProps<"a">, "href" | "target" | "rel"> & { kind: OutboundKind; slug: string };

/**
 * Every outbound button of the site: through our /go redirect (which applies the affiliate program's tracking and
 * counts the click; decision 016), in a new tab without giving the tool's site a handle on ours, and marked as
 * paid so search engines do not read it as an editorial endorsement.
 */
export function OutboundLink({ kind, slug, children, ...props }: Props) {
  return (
    <a href={outboundHref(kind, slug)} target="_blank" rel="sponsored nofollow noopener" {...props}>
      {children}
    </a>
  );
}
