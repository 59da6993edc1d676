/**
 * What /sitemap-download shows of each sitemap (spec part 2 §3 'Sitemap file entry', §8, §9), and how the
 * browser checks one: HEAD for the size, GET for the body, then the §5 validator (loaded only when checking).
 */
export type SitemapCheck = { size: number; valid: boolean; errors: string[]; urlCount: number; lastChecked: string };

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;

/** Bytes, KB, MB or GB with 2 decimals (spec part 2 §9). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number((bytes / 1024 ** unit).toFixed(2))} ${UNITS[unit]}`;
}

/** The first two errors, then '...' when there are more. */
export function shownErrors(errors: readonly string[]): string[] {
  return errors.length > 2 ? [...errors.slice(0, 2), "..."] : [...errors];
}

export const fetchFailure = (response: Response) => `Failed to fetch sitemap: ${response.status} ${response.statusText}`.trimEnd();

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** The sitemap's XML, or an error with the §7 message. */
export async function fetchSitemap(url: string): Promise<string> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(fetchFailure(response));
  return response.text();
}

/** One file's check; a failure marks it invalid with size 0 and 0 URLs (§8). */
export async function checkSitemap(url: string, now = () => new Date()): Promise<SitemapCheck> {
  try {
    const [head, xml, { validateSitemapXml }] = await Promise.all([
      fetch(url, { method: "HEAD", cache: "no-store" }).catch(() => null),
      fetchSitemap(url),
      import("./sitemap-validator"),
    ]);
    // Compressed answers carry no length of the document itself: the body's is the truth then.
    const declared = Number(head?.ok && !head.headers.get("content-encoding") ? head.headers.get("content-length") : NaN);
    const result = validateSitemapXml(xml);
    return { size: declared > 0 ? declared : byteLength(xml), valid: result.valid, errors: result.errors, urlCount: result.urlCount, lastChecked: now().toISOString() };
  } catch (error) {
    return { size: 0, valid: false, errors: [error instanceof Error ? error.message : String(error)], urlCount: 0, lastChecked: now().toISOString() };
  }
}
