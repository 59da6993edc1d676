import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import type { OnDemandProps } from "~/components/ui/on-demand";
import { showMessage } from "~/components/ui/toast";
import { PRINT_DELAY_MS } from "~/lib/tool/comparison";
import { comparisonCsvFileName, comparisonCsvRows, toCsv, type CsvTool } from "~/lib/tool/comparison-csv";

/** Saves text as a file through a temporary object URL (no pop-up, no server round trip). */
function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked on the next task: the download has been handed over by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The export menu (spec part 1 §2.7, §8, §9), loaded by ExportMenu on first use. The CSV is written
 * from the data on screen by the same code as the server's CSV route; PDF is the browser's print
 * dialog over the print stylesheet, opened 250 ms after the export starts.
 */
export default function ExportMenu({ tools, features, triggerRef, defaultOpen }: { tools: CsvTool[]; features: string[] } & OnDemandProps) {
  const [busy, setBusy] = useState(false);
  const printTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(printTimer.current), []);

  function exportCsv() {
    setBusy(true);
    try {
      downloadText(toCsv(comparisonCsvRows(tools, features)), comparisonCsvFileName(new Date()), "text/csv;charset=utf-8");
      showMessage("exportCsvDone");
    } catch {
      showMessage("exportCsvFailed");
    } finally {
      setBusy(false);
    }
  }

  function exportPdf() {
    setBusy(true);
    printTimer.current = setTimeout(() => {
      try {
        showMessage("exportPdfReady");
        window.print();
      } catch {
        showMessage("exportPdfFailed");
      } finally {
        setBusy(false);
      }
    }, PRINT_DELAY_MS);
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="outline" disabled={busy} aria-busy={busy || undefined} className="comparison-needs-js">
          <Icon name="download" /> {busy ? "Exporting..." : "Export"} <Icon name="chevron-down" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent aria-label="Export comparison">
        <DropdownMenuItem onSelect={exportCsv}>
          <Icon name="file-spreadsheet" className="size-4" /> Export as CSV
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={exportPdf}>
          <Icon name="printer" className="size-4" /> Export as PDF (print)
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
