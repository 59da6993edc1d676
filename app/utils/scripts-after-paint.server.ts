const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const PRELOAD_HREF = /href="([^"]+)"/;
/** The start of React Router's first inline script (its loader-data context, at the end of the page's HTML), after its tag. */
const ROUTER_CONTEXT = ">window.__reactRouterContext = ";
/** React Router's module script, which imports the route modules and starts React's client. */
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** React Router's module script ends by importing the client entry, which starts hydration when it runs. */
const ENTRY_IMPORT = /import\("([^"]+)"\);\s*$/;
/** The route manifest in React Router's module script, which it writes indented (`JSON.stringify(manifest, null, 2)`). */
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;
/** The routes the page renders, whose modules the script imports: `window.__reactRouterRouteModules = {"root":route0,...}`. */
const ROUTE_MODULES = /window\.__reactRouterRouteModules = \{([^}]*)\}/;

/**
 * The module script with a smaller route manifest (issue 43), the same JSON value in fewer bytes and routes:
 * - written without indentation: a third of its bytes were spaces and line breaks;
 * - with the routes the page renders only. React Router adds those of the address's ancestors too (for
 *   /tools/chatgpt, the home page's and /tools's: 0.6-0.7 KB each, 2 KB on a category page), which its lazy route
 *   discovery fetches with the page's other links in one request after hydration anyway (`/__manifest`, for every link
 *   it renders).
 */
export function compactManifest(body: string): string {
  const rendered = new Set([...(ROUTE_MODULES.exec(body)?.[1] ?? "").matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1]));
  return body.replace(MANIFEST, (_, assignment: string, json: string) => {
    const manifest = JSON.parse(json) as { routes: Record<string, unknown> };
    if (rendered.size > 0) manifest.routes = Object.fromEntries(Object.entries(manifest.routes).filter(([id]) => rendered.has(id)));
    return `${assignment}${JSON.stringify(manifest).replace(/</g, "\\u003c")};\n`;
  });
}

/**
 * Starts React's client after the first paint (decision 058): adds the module preloads to <head> and puts the held
 * module script back as a script that runs. A page that is not painted now (a background tab, a prerendered page)
 * starts at once: there is no paint to wait for. One hidden before its first frame (a hidden page gets no frames)
 * starts half a second later.
 * Before that, the modules are run one `import()` at a time, each in a task of its own (issue 43): run by the module
 * script's imports, the whole graph (React, React Router, the layout, the route's components) ran in one task of
 * 55-110 ms on a 4x-throttled phone CPU, all of it blocking time. The client entry is left out (running it starts
 * hydration, which needs the manifest the held script sets): the held script imports it last, as it always did. A
 * module that fails to load runs the held script at once, which fails or succeeds as it would have without this.
 */
const starter = (hrefs: string[], entry: string | undefined) =>
  `(function(){var c=document.currentScript,h=c.previousElementSibling,n=c.nonce,d=0,` +
  `p=${JSON.stringify(hrefs).replace(/</g, "\\u003c")},q=p.filter(function(u){return u!==${JSON.stringify(entry ?? "").replace(/</g, "\\u003c")}}),` +
  `r=function(){var m=document.createElement("script");m.type="module";m.nonce=n;m.textContent=h.textContent;h.replaceWith(m)},` +
  `s=function(){var u=q.shift();u?import(u).then(function(){setTimeout(s)},r):r()},` +
  `g=function(){if(d)return;d=1;` +
  `p.forEach(function(s){var l=document.createElement("link");l.rel="modulepreload";l.href=s;l.nonce=n;document.head.appendChild(l)});` +
  `${entry ? "s()" : "r()"}};` +
  `document.visibilityState!=="visible"||document.prerendering?g():(requestAnimationFrame(function(){setTimeout(g)}),setTimeout(g,500))})()`;

/**
 * React hoists React Router's `<link rel="modulepreload">` tags into <head>, and its module script imports the route
 * modules as soon as the parser meets it, so a phone fetches a dozen scripts (about 130 KB gzip) while it is still
 * fetching the stylesheet and laying out the page's own HTML (issue 30: Lighthouse's simulated phone paints the page's
 * largest text at 2.6 s on a tool page against 1.0 s for its first text, waiting on those scripts). This holds React
 * Router's module script (as a script type the browser does not run) and drops the head's preloads; a small inline
 * script after it starts both once the page has been painted. The page's HTML works without them meanwhile (every
 * control is a link or a form). A document without React Router's scripts (a reading page) passes unchanged. The
 * page is whole by now (`entry.server.tsx` renders it into one buffer, decision 073): only the head and the scripts
 * are decoded and changed, the body stays the bytes React wrote (decoding and encoding the whole page cost a fifth
 * of an uncached /tools render's CPU, issue 43's profile).
 */
export function scriptsAfterPaint(page: Buffer): Buffer {
  const pieces = deferScriptsIn(page);
  return pieces ? Buffer.concat(pieces) : page;
}

/**
 * The page's bytes in pieces, with the head's module preloads dropped and React Router's module script started after
 * the first paint, or null until that script is whole in them. Only the head and what follows React Router's first
 * script are decoded.
 */
function deferScriptsIn(bytes: Buffer): Buffer[] | null {
  const routerContextAt = bytes.indexOf(ROUTER_CONTEXT);
  const headEnd = bytes.indexOf(HEAD_END);
  if (routerContextAt === -1 || headEnd === -1) return null;
  const routerScriptAt = bytes.lastIndexOf("<script", routerContextAt);
  if (headEnd > routerScriptAt) return null;
  const scripts = bytes.subarray(routerScriptAt).toString("utf8");
  const module = MODULE_SCRIPT.exec(scripts);
  if (!module) return null;
  const [script, nonce, body] = module;
  const head = bytes.subarray(0, headEnd).toString("utf8");
  const hrefs = (head.match(MODULE_PRELOAD) ?? []).map((link) => PRELOAD_HREF.exec(link)?.[1]).filter((href): href is string => Boolean(href));
  const moduleAt = routerScriptAt + Buffer.byteLength(scripts.slice(0, module.index));
  return [
    Buffer.from(head.replace(MODULE_PRELOAD, "")),
    bytes.subarray(headEnd, moduleAt),
    Buffer.from(
      `<script nonce="${nonce}" type="text/x-after-paint">${compactManifest(body ?? "")}</script><script nonce="${nonce}">${starter(hrefs, ENTRY_IMPORT.exec(body ?? "")?.[1])}</script>` +
        scripts.slice(module.index + script.length),
    ),
  ];
}

/** The HTML with the head's module preloads and React Router's module script started after the first paint, or null until that script is whole in it. */
export function deferScripts(html: string): string | null {
  return (
    deferScriptsIn(Buffer.from(html))
      ?.map((piece) => piece.toString("utf8"))
      .join("") ?? null
  );
}
