import { ChevronDown, Download, FileSpreadsheet, Printer, Share2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { PRINT_DELAY_MS } from "~/lib/comparison";
import { comparisonCsvFileName, comparisonCsvRows, toCsv, type CsvTool } from "~/lib/comparison-csv";

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
 * Export (spec part 1 §2.7, §8, §9). With JavaScript the CSV is written from
 * the data on screen by the same code as the server's CSV route, and PDF is the
 * browser's print dialog over the print stylesheet, opened 250 ms after the
 * export starts. Without JavaScript the plain link downloads the server's CSV.
 */
export function ExportMenu({ tools, features, csvHref }: { tools: CsvTool[]; features: string[]; csvHref: string }) {
  const [busy, setBusy] = useState(false);
  const printTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(printTimer.current), []);

  function exportCsv() {
    setBusy(true);
    try {
      downloadText(toCsv(comparisonCsvRows(tools, features)), comparisonCsvFileName(new Date()), "text/csv;charset=utf-8");
      toast.success("Export Successful", { description: "Comparison data exported to CSV file" });
    } catch {
      toast.error("Export Failed", { description: "Failed to export comparison data" });
    } finally {
      setBusy(false);
    }
  }

  function exportPdf() {
    setBusy(true);
    printTimer.current = setTimeout(() => {
      try {
        toast.success("PDF Export Ready", { description: "Print dialog opened - save as PDF" });
        window.print();
      } catch {
        toast.error("Export Failed", { description: "Failed to generate PDF" });
      } finally {
        setBusy(false);
      }
    }, PRINT_DELAY_MS);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={busy} aria-busy={busy || undefined} className="comparison-needs-js">
            <Download /> {busy ? "Exporting..." : "Export"} <ChevronDown />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent aria-label="Export comparison">
          <DropdownMenuItem onSelect={exportCsv}>
            <FileSpreadsheet className="size-4" aria-hidden="true" /> Export as CSV
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={exportPdf}>
            <Printer className="size-4" aria-hidden="true" /> Export as PDF (print)
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <noscript>
        <Button asChild variant="outline">
          <a href={csvHref} download>
            <Download /> Download CSV
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
          toast.success("Shared Successfully", { description: "Comparison shared via native sharing" });
          return;
        } catch (error) {
          // Closing the share sheet is a choice, not a failure.
          if (error instanceof DOMException && error.name === "AbortError") return;
          throw error;
        }
      }
      await navigator.clipboard.writeText(url);
      toast.success("Link Copied", { description: "Comparison link copied to clipboard" });
    } catch {
      toast.error("Share Failed", { description: "Failed to share comparison" });
    }
  }
  return (
    <Button variant="outline" onClick={share} className="comparison-needs-js">
      <Share2 /> Share
    </Button>
  );
}
