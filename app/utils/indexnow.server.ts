import { getEnv } from "./env.server";

/**
 * IndexNow (https://www.indexnow.org/documentation): the one way this site tells search engines about changed
 * pages. Off unless INDEXNOW_KEY is set. The key file at /{key}.txt proves the site owns the key; one POST
 * carries at most 10,000 URLs of the site's own host.
 */
export type IndexNowConfig = { key: string; endpoint: string; engine: string; host: string; keyLocation: string; batchSize: number; siteUrl: string };

/** How long one POST may take before it counts as failed. */
export const INDEXNOW_TIMEOUT_MS = 10_000;

export function indexNowConfig(): IndexNowConfig | null {
  const env = getEnv();
  if (!env.INDEXNOW_KEY) return null;
  return {
    key: env.INDEXNOW_KEY,
    endpoint: env.INDEXNOW_ENDPOINT,
    engine: new URL(env.INDEXNOW_ENDPOINT).host,
    host: new URL(env.SITE_URL).host,
    keyLocation: `${env.SITE_URL}/${env.INDEXNOW_KEY}.txt`,
    batchSize: env.INDEXNOW_BATCH_SIZE,
    siteUrl: env.SITE_URL,
  };
}

/** The key file (plain text, the key) for GET or HEAD /{key}.txt when IndexNow is on; null for any other path. */
export function keyFileResponse(request: Request, pathname: string): Response | null {
  const key = getEnv().INDEXNOW_KEY;
  if (!key || pathname !== `/${key}.txt` || (request.method !== "GET" && request.method !== "HEAD")) return null;
  return new Response(request.method === "HEAD" ? null : key, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

export type PostOutcome = { ok: true; httpStatus: number } | { ok: false; httpStatus: number | null; error: string };

/** One POST of absolute URLs; 200 and 202 (key not yet checked) are success. Never throws. */
export async function postIndexNow(config: IndexNowConfig, urlList: string[]): Promise<PostOutcome> {
  try {
    // Plain fetch, not the outbound fetcher (decision 031): the endpoint is the owner's setting, a fixed search-engine
    // host, never a URL from content or a user.
    const response = await fetch(config.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ host: config.host, key: config.key, keyLocation: config.keyLocation, urlList }),
      signal: AbortSignal.timeout(INDEXNOW_TIMEOUT_MS),
    });
    // The body says nothing we act on; read it so the connection is released.
    const text = await response.text().catch(() => "");
    if (response.status === 200 || response.status === 202) return { ok: true, httpStatus: response.status };
    return {
      ok: false,
      httpStatus: response.status,
      error: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${text ? `: ${text.slice(0, 200)}` : ""}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = (error as Error).name === "TimeoutError" ? `No answer within ${INDEXNOW_TIMEOUT_MS / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
    return { ok: false, httpStatus: null, error: `Request failed: ${reason}` };
  }
}
