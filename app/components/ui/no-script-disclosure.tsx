import type { ReactNode } from "react";

/**
 * What a dialog offers, for visitors without JavaScript: a native disclosure
 * (details/summary) that opens in place. Browsers with scripting ignore it,
 * and the page's dialog takes over.
 */
export function NoScriptDisclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <noscript>
      <details className="w-full rounded-md border p-3 text-sm">
        <summary className="cursor-pointer font-medium">{summary}</summary>
        <div className="mt-3">{children}</div>
      </details>
    </noscript>
  );
}
