import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const PRELOAD_HREF = /href="([^"]+)"/;
/** React Router's first inline script: its loader-data context, at the end of the page's HTML. */
const ROUTER_SCRIPT = /<script\b[^>]*>window\.__reactRouterContext = /;
/** React Router's module script, which imports the route modules and starts React's client. */
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;
/** What the module script starts with, looked for in each new chunk only (the page arrives in dozens of chunks). */
const MODULE_SCRIPT_START = 'type="module" async="">';

/**
 * Starts React's client after the first paint (decision 058): adds the module preloads to <head> and puts the held
 * module script back as a script that runs. A page that is not painted now (a background tab, a prerendered page)
 * starts at once: there is no paint to wait for. One hidden before its first frame (a hidden page gets no frames)
 * starts half a second later.
 */
const starter = (hrefs: string[]) =>
  `(function(){var c=document.currentScript,h=c.previousElementSibling,n=c.nonce,d=0,g=function(){if(d)return;d=1;` +
  `${JSON.stringify(hrefs).replace(/</g, "\\u003c")}.forEach(function(s){var l=document.createElement("link");l.rel="modulepreload";l.href=s;l.nonce=n;document.head.appendChild(l)});` +
  `var m=document.createElement("script");m.type="module";m.nonce=n;m.textContent=h.textContent;h.replaceWith(m)};` +
  `document.visibilityState!=="visible"||document.prerendering?g():(requestAnimationFrame(function(){setTimeout(g)}),setTimeout(g,500))})()`;

/**
 * React hoists React Router's `<link rel="modulepreload">` tags into <head>, and its module script imports the route
 * modules as soon as the parser meets it, so a phone fetches a dozen scripts (about 130 KB gzip) while it is still
 * fetching the stylesheet and laying out the page's own HTML (issue 30: Lighthouse's simulated phone paints the page's
 * largest text at 2.6 s on a tool page against 1.0 s for its first text, waiting on those scripts). This holds React
 * Router's module script (as a script type the browser does not run) and drops the head's preloads; a small inline
 * script after it starts both once the page has been painted. The page's HTML works without them meanwhile (every
 * control is a link or a form). A document without React Router's scripts (a reading page) passes unchanged.
 */
export function scriptsAfterPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let searchedTo = 0;
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held += decoder.write(chunk);
      // Scanning all that is held on every chunk made this quadratic in the page's length (issue 31's profile).
      const found = held.indexOf(MODULE_SCRIPT_START, Math.max(0, searchedTo - MODULE_SCRIPT_START.length));
      searchedTo = held.length;
      if (found === -1) return callback();
      const deferred = deferScripts(held);
      if (deferred === null) return callback();
      passing = true;
      held = "";
      callback(null, deferred);
    },
    flush(callback) {
      held += decoder.end();
      callback(null, held ? (deferScripts(held) ?? held) : undefined);
    },
  });
}

/** The HTML with the head's module preloads and React Router's module script started after the first paint, or null until that script is whole in it. */
export function deferScripts(html: string): string | null {
  const routerScript = ROUTER_SCRIPT.exec(html);
  const headEnd = html.indexOf(HEAD_END);
  if (!routerScript || headEnd === -1 || headEnd > routerScript.index) return null;
  const module = MODULE_SCRIPT.exec(html.slice(routerScript.index));
  if (!module) return null;
  const [script, nonce, body] = module;
  const head = html.slice(0, headEnd);
  const hrefs = (head.match(MODULE_PRELOAD) ?? []).map((link) => PRELOAD_HREF.exec(link)?.[1]).filter((href): href is string => Boolean(href));
  const moduleAt = routerScript.index + module.index;
  return (
    head.replace(MODULE_PRELOAD, "") +
    html.slice(headEnd, moduleAt) +
    `<script nonce="${nonce}" type="text/x-after-paint">${body}</script><script nonce="${nonce}">${starter(hrefs)}</script>` +
    html.slice(moduleAt + script.length)
  );
}
