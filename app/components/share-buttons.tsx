import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/form-parts";
import { showMessage } from "~/components/ui/toast";
import { Icon, type IconName } from "~/components/ui/icon";
import { COPIED_INDICATOR_MS } from "~/lib/site";

/**
 * Share links that work without JavaScript. The device's share sheet and Copy link ('Copied' for 2 s) need it:
 * they are rendered hidden and shown by React on app pages, by app/enhance/share.ts on reading pages.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  // The device's own share sheet where there is one (phones, some desktops); known after hydration.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const encodedUrl = encodeURIComponent(url);
  const encodedTitle = encodeURIComponent(title);
  const links: { label: string; href: string; icon: IconName }[] = [
    { label: "Twitter", href: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodedTitle}`, icon: "share-2" },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`, icon: "share-2" },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`, icon: "share-2" },
    { label: "Email", href: `mailto:?subject=${encodedTitle}&body=${encodedUrl}`, icon: "mail" },
  ];
  return (
    <div className="flex flex-wrap gap-2" data-share="" data-url={url} data-title={title}>
      <Button variant="outline" size="sm" hidden={!canShare} data-share-native="" onClick={() => void navigator.share({ title, url }).catch(() => {})}>
        <Icon name="share-2" /> Share
      </Button>
      {links.map((link) => (
        <Button key={link.label} asChild variant="outline" size="sm">
          <a href={link.href} target={link.href.startsWith("mailto:") ? undefined : "_blank"} rel="noopener noreferrer" aria-label={`Share on ${link.label}`}>
            <Icon name={link.icon} /> {link.label}
          </a>
        </Button>
      ))}
      <Button
        variant="outline"
        hidden={!hydrated}
        data-copy-link=""
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            showMessage("linkCopied");
          } catch {
            showMessage("linkCopyFailed");
          }
        }}
      >
        <Icon name={copied ? "check" : "link-2"} /> <span>{copied ? "Copied" : "Copy link"}</span>
      </Button>
    </div>
  );
}
