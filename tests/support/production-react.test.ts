import { createRequire } from "node:module";
import { expect, it } from "vitest";

const require = createRequire(import.meta.url);

/**
 * What Node loaded for `react` and `react-dom/server`, which the server build imports natively (a test file's own
 * `import "react"` goes through Vite's resolver and may get the development file: the app under test never sees it).
 */
it("loads React's production build for the app under test (tests/setup/production-react.ts)", async () => {
  await import("react-dom/server");
  const loaded = Object.keys(require.cache).map((file) => file.replaceAll("\\", "/"));
  const builds = (kind: string) => loaded.filter((file) => new RegExp(`/react(-dom)?/cjs/(react|react-dom|react-dom-server(-legacy)?\\.node)\\.${kind}\\.js$`).test(file));
  expect(
    builds("production")
      .map((file) => file.split("/cjs/")[1])
      .sort(),
  ).toEqual(["react-dom-server-legacy.node.production.js", "react-dom-server.node.production.js", "react-dom.production.js", "react.production.js"]);
  expect(builds("development").filter((file) => file.includes("react-dom"))).toEqual([]);
});
