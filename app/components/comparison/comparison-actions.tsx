import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { OnDemand } from "~/components/ui/on-demand";
import { showMessage } from "~/components/ui/toast";
import type { CsvTool } from "~/lib/tool/comparison-csv";

const loadExportMenu = () => import("./export-menu");

/**
 * Export (spec part 1 §2.7, §8, §9). With JavaScript a menu offers CSV (written from the data on
 * screen) and PDF (the browser's print dialog); its code loads when the button is pointed at,
 * focused or pressed (export-menu.tsx). Without JavaScript the plain link downloads the server's CSV.
 */
export function ExportMenu({ tools, features, csvHref }: { tools: CsvTool[]; features: string[]; csvHref: string }) {
  return (
    <>
      <OnDemand
        load={loadExportMenu}
        popup="menu"
        props={{ tools, features }}
        trigger={
          <Button variant="outline" className="comparison-needs-js">
            <Icon name="download" /> Export <Icon name="chevron-down" />
          </Button>
        }
      />
      <noscript>
        <Button asChild variant="outline">
          <a href={csvHref} download>
            <Icon name="download" /> Download CSV
          </a>
        </Button>
      </noscript>
    </>
  );
}

/** Native sharing where the browser has it, else the link goes to the clipboard. */
export function ShareButton({ path, title }: { path: string; title: string }) {
  async function share() {
    const url = new URL(path, window.location.origin).toString();
    try {
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({ title, url });
          showMessage("comparisonShared");
          return;
        } catch (error) {
          // Closing the share sheet is a choice, not a failure.
          if (error instanceof DOMException && error.name === "AbortError") return;
          throw error;
        }
      }
      await navigator.clipboard.writeText(url);
      showMessage("comparisonLinkCopied");
    } catch {
      showMessage("comparisonShareFailed");
    }
  }
  return (
    <Button variant="outline" onClick={share} className="comparison-needs-js">
      <Icon name="share-2" /> Share
    </Button>
  );
}
