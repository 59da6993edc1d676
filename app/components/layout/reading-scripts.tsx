import enhanceScriptUrl from "virtual:enhance-script";
import { SPECULATION_RULES_JSON } from "~/lib/seo/speculation-rules";

/**
 * What a reading page (decision 049) runs instead of React's client: the Speculation Rules, and the one
 * enhancement script (app/enhance/), told the page type it reports web vitals as, their sample rate and
 * whether the reader is signed in. Rendered by entry.server.tsx only, so neither is in the browser's bundle.
 */
export function ReadingScripts({ nonce, routeId, vitalsRate, signedIn }: { nonce?: string; routeId?: string; vitalsRate: number; signedIn: boolean }) {
  return (
    <>
      <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: SPECULATION_RULES_JSON }} />
      <script type="module" src={enhanceScriptUrl} nonce={nonce} data-enhance="" data-route={routeId} data-vitals-rate={vitalsRate} data-signed-in={signedIn ? "" : undefined} />
    </>
  );
}
