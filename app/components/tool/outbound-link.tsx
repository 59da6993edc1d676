import type { ComponentProps } from "react";

/**
 * A link to a tool's own site: new tab, no referrer leak of the opener, and
 * marked so search engines do not treat it as an editorial endorsement.
 */
export function OutboundLink({ children, ...props }: Omit<ComponentProps<"a">, "target" | "rel">) {
  return (
    <a target="_blank" rel="sponsored nofollow noopener" {...props}>
      {children}
    </a>
  );
}
