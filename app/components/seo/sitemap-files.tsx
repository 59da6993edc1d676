import { useCallback, useEffect, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/form-parts";
import { Icon } from "~/components/ui/icon";
import { checkSitemap, fetchSitemap, formatFileSize, shownErrors, type SitemapCheck } from "~/lib/seo/sitemap-check";
import { sitemapFileName, SITEMAP_FILES, type SitemapFile } from "~/lib/seo/sitemaps";
import { formatNumber } from "~/lib/ui/numbers";
import { formatDateTimeUtc } from "~/lib/ui/dates";

/** Status messages clear after 3 s (spec part 2 §4, §9). */
const STATUS_MS = 3000;

function useStatus() {
  const [status, setStatus] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setStatus(text);
    timer.current = setTimeout(() => setStatus(null), STATUS_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [status, show] as const;
}

/** Every sitemap checked on open and on Refresh, in the browser, against the files the server serves now. */
export function useSitemapChecks() {
  const [checks, setChecks] = useState<Record<string, SitemapCheck>>({});
  const [checking, setChecking] = useState(false);
  const refresh = useCallback(async () => {
    setChecking(true);
    try {
      const results = await Promise.all(SITEMAP_FILES.map(async (file) => [file.path, await checkSitemap(file.path)] as const));
      setChecks(Object.fromEntries(results));
    } finally {
      setChecking(false);
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);
  return { checks, checking, refresh };
}

/** Saves the file under its own name (the last path segment); without JavaScript the link's `download` does it. */
async function download(file: SitemapFile) {
  const xml = await fetchSitemap(file.path);
  const url = URL.createObjectURL(new Blob([xml], { type: "application/xml" }));
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = sitemapFileName(file.path);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function SitemapFileList({ checks, checking, refresh }: ReturnType<typeof useSitemapChecks>) {
  const hydrated = useHydrated();
  const [status, showStatus] = useStatus();

  const onDownload = async (event: React.MouseEvent, file: SitemapFile) => {
    event.preventDefault();
    try {
      await download(file);
      showStatus(`Downloaded ${sitemapFileName(file.path)}`);
    } catch (error) {
      showStatus(`Error downloading sitemap: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        {hydrated ? (
          <Button type="button" onClick={() => void refresh()} disabled={checking} className="min-h-11">
            <Icon name="refresh-cw" className={checking ? "animate-spin" : undefined} /> {checking ? "Checking..." : "Refresh"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Checking the files needs JavaScript; each one can still be opened or downloaded.</p>
        )}
        <p role="status" className="text-sm font-medium">
          {status}
        </p>
      </div>
      <ul className="grid gap-4">
        {SITEMAP_FILES.map((file) => {
          const check = checks[file.path];
          const errors = check ? shownErrors(check.errors) : [];
          return (
            <li key={file.path} className="rounded-lg border p-4" aria-labelledby={`file-${sitemapFileName(file.path)}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h3 id={`file-${sitemapFileName(file.path)}`} className="font-semibold">
                    {file.name}
                  </h3>
                  <p className="text-sm text-muted-foreground">{file.description}</p>
                  <p className="mt-1 break-all text-xs">
                    <a href={file.path} className="underline underline-offset-2">
                      {file.path}
                    </a>
                  </p>
                </div>
                {check ? (
                  <Badge variant={check.valid ? "success" : "warning"}>{check.valid ? "Valid" : "Invalid"}</Badge>
                ) : (
                  <Badge variant="outline">{checking ? "Checking..." : "Not checked"}</Badge>
                )}
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted-foreground">Size</dt>
                  <dd>{check ? formatFileSize(check.size) : "–"}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">URLs</dt>
                  <dd>{check ? formatNumber(check.urlCount) : "–"}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Last checked</dt>
                  <dd>{check ? formatDateTimeUtc(check.lastChecked, { seconds: true }) : "–"}</dd>
                </div>
              </dl>
              {errors.length > 0 && (
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-destructive" aria-label={`Errors in ${file.name}`}>
                  {errors.map((error, index) => (
                    <li key={index}>{error}</li>
                  ))}
                </ul>
              )}
              <a
                href={file.path}
                download={sitemapFileName(file.path)}
                onClick={(event) => void onDownload(event, file)}
                className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
              >
                <Icon name="download" className="size-4" /> Download {sitemapFileName(file.path)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One file's XML as served now. */
export function SitemapPreview() {
  const [path, setPath] = useState(SITEMAP_FILES[0]!.path);
  const [state, setState] = useState<{ path: string; xml?: string; error?: string } | null>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    let current = true;
    fetchSitemap(path).then(
      (xml) => current && setState({ path, xml }),
      (error: unknown) => current && setState({ path, error: `Error loading sitemap content: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      current = false;
    };
  }, [path]);
  const shown = state?.path === path ? state : null;
  return (
    <div className="space-y-3">
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor="preview-file" className="text-sm font-medium">
          Sitemap file
        </label>
        <select id="preview-file" value={path} onChange={(event) => setPath(event.target.value)} className="h-11 rounded-md border border-input bg-background px-3 text-sm">
          {SITEMAP_FILES.map((file) => (
            <option key={file.path} value={file.path}>
              {sitemapFileName(file.path)}
            </option>
          ))}
        </select>
      </div>
      {!hydrated ? (
        <p className="text-sm text-muted-foreground">
          The preview needs JavaScript: open{" "}
          <a href={path} className="underline underline-offset-2">
            {path}
          </a>{" "}
          instead.
        </p>
      ) : shown?.error ? (
        <p role="alert" className="text-sm text-destructive">
          {shown.error}
        </p>
      ) : (
        <div
          role="region"
          tabIndex={0}
          aria-label={`Contents of ${sitemapFileName(path)}`}
          aria-busy={!shown}
          className="max-h-[32rem] overflow-auto rounded-md border bg-muted/40"
        >
          <pre className="p-3 text-xs">{shown?.xml ?? "Loading..."}</pre>
        </div>
      )}
    </div>
  );
}
