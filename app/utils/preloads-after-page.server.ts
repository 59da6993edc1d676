import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
/** React Router's first inline script: its loader-data context, at the end of the page's HTML. */
const ROUTER_SCRIPT = /<script\b[^>]*>window\.__reactRouterContext = /;
/** What that script starts with, looked for in each new chunk only (the page arrives in dozens of chunks). */
const ROUTER_CONTEXT = "window.__reactRouterContext = ";

/**
 * React hoists React Router's `<link rel="modulepreload">` tags into <head>, so a browser starts a dozen scripts
 * at high priority before the page's own HTML has arrived and beside its stylesheet (issue 30: Lighthouse counts them
 * against the first paint). This moves them to just before React Router's scripts at the end of the page, at low
 * priority: the stylesheet, the HTML and its images come first, and the modules are still fetched in parallel,
 * before the module script that imports them. React writes the page's shell at once, so holding it until React
 * Router's script costs no time; a document without that script (no hydration) passes unchanged.
 */
export function preloadsAfterPage(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let searchedTo = 0;
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held += decoder.write(chunk);
      // Scanning all that is held on every chunk made this quadratic in the page's length (issue 31's profile).
      const found = held.indexOf(ROUTER_CONTEXT, Math.max(0, searchedTo - ROUTER_CONTEXT.length));
      searchedTo = held.length;
      if (found === -1) return callback();
      const moved = movePreloads(held);
      if (moved === null) return callback();
      passing = true;
      held = "";
      callback(null, moved);
    },
    flush(callback) {
      held += decoder.end();
      callback(null, held ? (movePreloads(held) ?? held) : undefined);
    },
  });
}

/** The HTML with the head's module preloads moved before React Router's first script, or null until that script is in it. */
export function movePreloads(html: string): string | null {
  const script = ROUTER_SCRIPT.exec(html);
  const headEnd = html.indexOf(HEAD_END);
  if (!script || headEnd === -1 || headEnd > script.index) return null;
  const head = html.slice(0, headEnd);
  const preloads = (head.match(MODULE_PRELOAD) ?? []).map((link) => link.replace("<link ", '<link fetchpriority="low" '));
  return head.replace(MODULE_PRELOAD, "") + html.slice(headEnd, script.index) + preloads.join("") + html.slice(script.index);
}
