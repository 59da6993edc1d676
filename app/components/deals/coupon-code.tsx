import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { showMessage } from "~/components/ui/toast";
import { COPIED_INDICATOR_MS } from "~/lib/site";

/**
 * A coupon code, always visible and selectable (without JavaScript too), with a Copy button once the
 * browser offers the clipboard: 'Copy', then 'Copied!' for 2 s (spec part 2 §4). The only script the
 * deal cards need. (The share buttons' 'Copied' works the same way; a shared hook would be one more
 * chunk in the first load of every page that has either.)
 */
export function CouponCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator.clipboard?.writeText === "function"), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="select-all rounded-md border border-dashed border-primary/60 bg-primary/5 px-3 py-1.5 font-mono text-sm font-semibold tracking-wider">{code}</code>
      {canCopy && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(code);
              setCopied(true);
            } catch {
              showMessage("codeCopyFailed");
            }
          }}
        >
          {copied ? (
            "Copied!"
          ) : (
            <>
              Copy<span className="sr-only"> code {code}</span>
            </>
          )}
        </Button>
      )}
      <span aria-live="polite" className="sr-only">
        {copied ? `Code ${code} copied` : ""}
      </span>
    </div>
  );
}
