import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build, defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

const rootModule = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Small modules many routes share that would otherwise be a file of their own, a request on each page: the wide
 * tables' scroll box (decision 050; the home page, tool pages, the matrix, the comparisons, the admin tables).
 */
const ALSO_IN_SHELL = /app[\\/]components[\\/]ui[\\/]scroll-region\.tsx$/;

/**
 * Names the chunk of the app's own modules that the root route imports statically (header, footer,
 * buttons, icons...): every page loads them, and one file of them compresses far better than the
 * dozen small ones the automatic split would make. Modules only loaded on demand stay apart.
 */
function shellChunk() {
  let shell: Set<string> | null = null;
  return (id: string, graph: ModuleGraph) => {
    if (!shell) {
      shell = new Set();
      const queue = [rootModule];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (shell.has(next) || /[\\/]node_modules[\\/]/.test(next)) continue;
        shell.add(next);
        queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return shell.has(id) || ALSO_IN_SHELL.test(id) ? "shell" : null;
  };
}

const ENHANCE_ENTRY = "app/enhance/main.ts";
const ENHANCE_MODULE = "virtual:enhance-script";

/**
 * The one script of reading pages (decision 049), built on its own: a small ES module with the code it loads on
 * demand, hashed under /assets/ like every other asset, and sharing no chunk with React's (the `shell` chunk would
 * otherwise take the modules both import). `import url from "virtual:enhance-script"` is its address; in
 * development Vite serves the source itself.
 */
function enhanceScript(): Plugin {
  let serve = false;
  let bundled: Promise<{ entry: string; files: { fileName: string; code: string }[] }> | undefined;
  const bundle = () =>
    (bundled ??= build({
      configFile: false,
      logLevel: "warn",
      publicDir: false,
      resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
      build: {
        write: false,
        emptyOutDir: false,
        modulePreload: false,
        target: "es2022",
        rolldownOptions: {
          input: ENHANCE_ENTRY,
          output: { format: "es", entryFileNames: "assets/enhance-[hash].js", chunkFileNames: "assets/enhance-on-demand-[name]-[hash].js" },
        },
      },
    }).then((result) => {
      const output = (Array.isArray(result) ? result : [result]).flatMap((part) => ("output" in part ? part.output : []));
      const files = output.flatMap((file) => (file.type === "chunk" ? [{ fileName: file.fileName, code: file.code, entry: file.isEntry }] : []));
      return { entry: `/${files.find((file) => file.entry)!.fileName}`, files };
    }));
  return {
    name: "enhance-script",
    configResolved(config) {
      serve = config.command === "serve";
    },
    resolveId: (id) => (id === ENHANCE_MODULE ? `\0${ENHANCE_MODULE}` : undefined),
    async load(id) {
      if (id !== `\0${ENHANCE_MODULE}`) return;
      return `export default ${JSON.stringify(serve ? `/${ENHANCE_ENTRY}` : (await bundle()).entry)};`;
    },
    async generateBundle() {
      if (serve || this.environment.name !== "client") return;
      for (const file of (await bundle()).files) this.emitFile({ type: "asset", fileName: file.fileName, source: file.code });
    },
  };
}

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  environments: {
    // The first load of every page is React, React DOM, React Router and the shell: two chunks
    // (tests/integration/first-load-budget.test.ts keeps each page's first load in budget).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
                { name: shellChunk(), priority: 1 },
                // Parts the directory, the site search and the course listing share (numbered pages, the debounced
                // search box, filters in the URL, the sort form), and the card parts tool, course and deal cards share (the
                // link checker's note included, decision 021): two files
                // rather than six small ones, which compress worse apart and cost a request each.
                { name: "listing", test: /app[\\/]components[\\/]ui[\\/](pagination|use-debounced-search|use-url-filters|sort-form)\.tsx?$/, priority: 0 },
                // The logo and category icon (issue 18) join the card parts: every page that shows one shows cards.
                // A confirmation's receipt link goes with them: the tool page's prices and the deal cards show it.
                {
                  name: "card",
                  test: /app[\\/]components[\\/](tool[\\/](outbound-link|star-rating|link-check-note|tool-logo)|ui[\\/]badge|category-icon|provenance[\\/]receipt-link)\.tsx?$/,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our own HTTP layer (server/app.ts), which wraps
    // React Router's request handler with redirects, security headers and start-up.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter(), enhanceScript()],
});
