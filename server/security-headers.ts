import { randomBytes } from "node:crypto";
import { diagnosticModeOf } from "~/lib/vitals/diagnostics";
import { ALLOWED_IMAGE_HOSTS } from "~/lib/image-hosts";
import type { Step } from "./pipeline";

/**
 * Security headers for every response. Scripts run only with the per-request
 * nonce ('strict-dynamic' lets the nonce'd module loader import the route
 * chunks). Styles allow 'unsafe-inline' because Radix and toasts set inline
 * styles at run time; see docs/decisions/004-content-security-policy.md.
 */
/**
 * A page rendered for this request carries a fresh nonce. A cached page (server/page-cache/store.ts) is the same
 * bytes for everyone, so its nonce is no secret: it allows exactly the inline scripts it contains, by hash,
 * and our own origin's files (the module entry and its chunks).
 */
export type ScriptPolicy = { nonce: string } | { scriptHashes: string[] };

function scriptSources(policy: ScriptPolicy): string {
  return "nonce" in policy ? `script-src 'nonce-${policy.nonce}' 'strict-dynamic'` : `script-src 'self' ${policy.scriptHashes.join(" ")}`.trim();
}

/**
 * `sameOriginFrames`: the page may be framed by our own pages. Only `?mode=minimal` pages (no scripts at all),
 * which /verification loads in a 768 px frame to measure horizontal scrolling; everything else refuses frames.
 */
export type HeaderOptions = { dev: boolean; https: boolean; sameOriginFrames?: boolean };

export function contentSecurityPolicy(policy: ScriptPolicy, options: HeaderOptions): string {
  const directives = [
    "default-src 'self'",
    // Vite's dev server injects scripts without a nonce; production is strict.
    options.dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : scriptSources(policy),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${ALLOWED_IMAGE_HOSTS.map((host) => `https://${host}`).join(" ")}`,
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    options.sameOriginFrames ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
    "manifest-src 'self'",
    "worker-src 'self' blob:",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The security headers of an answer, as name and value pairs (the page cache's hit path writes them as they are). */
export function securityHeaderList(policy: ScriptPolicy, options: HeaderOptions): [string, string][] {
  const list: [string, string][] = [
    ["Content-Security-Policy", contentSecurityPolicy(policy, options)],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", options.sameOriginFrames ? "SAMEORIGIN" : "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()"],
  ];
  if (options.https) list.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return list;
}

export function applySecurityHeaders(headers: Headers, policy: ScriptPolicy, options: HeaderOptions) {
  for (const [name, value] of securityHeaderList(policy, options)) headers.set(name, value);
}

/** /verification measures the home page's layout at 768 px in a frame of its `?mode=minimal` variant. */
export const framedByVerification = (searchParams: URLSearchParams) => diagnosticModeOf(searchParams) === "minimal";

/** The deployment facts every header depends on. */
export type SiteHeaders = { dev: boolean; https: boolean };

/**
 * The pipeline step: a fresh CSP nonce for what is rendered for this request (the renderer puts it on its
 * scripts), then the security headers and the request id on whatever comes back.
 */
export function addSecurityHeaders(site: SiteHeaders): Step {
  return async (exchange, next) => {
    const nonce = randomBytes(16).toString("base64");
    const response = await next({ ...exchange, nonce });
    // Some responses (redirect()) have immutable headers: copy before adding ours.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { nonce }, { ...site, sameOriginFrames: framedByVerification(exchange.url.searchParams) });
    headers.set("X-Request-Id", exchange.requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers });
  };
}
