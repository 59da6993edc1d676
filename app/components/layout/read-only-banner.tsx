import { READ_ONLY_DETAIL, READ_ONLY_TITLE } from "~/lib/words/read-only";
import { Icon } from "~/components/ui/icon";

/**
 * The read-only banner (decision 090), as the server sends it: put after `<body>` in every HTML answer while the
 * primary database is out of reach (server/read-only-banner.tsx renders it once), outside what React renders, so it
 * costs no page's first load. `data-added` is what the health banner removes once a poll says the mode is over.
 */
export function ReadOnlyBanner() {
  return (
    <div role="status" data-banner="read-only" data-added="" className="border-b bg-warning text-warning-foreground">
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-sm">
        <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-medium">{READ_ONLY_TITLE}</strong> {READ_ONLY_DETAIL}
        </span>
      </p>
    </div>
  );
}
