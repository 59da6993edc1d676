// ESLint flat config. Formatting is Prettier's job (.prettierrc.json); eslint-config-prettier, last,
// turns off every rule that would disagree with it.
//
// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 no longer ships: package.json
// therefore installs TypeScript 6's API under the name `typescript` (@typescript/typescript6, what
// typescript-eslint loads) and TypeScript 7 as `@typescript/native-7`, which owns the `tsc` binary.
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";
import { partsPlugin } from "./lint/parts-rules.js";

/** Node streams reach web streams in one place (the project/web-streams block below). */
const WEB_STREAM_SYNTAX = { selector: "MemberExpression[property.name='toWeb']", message: "Use webTransformOf or webReadableOf (app/utils/web-streams.server.ts)." };
/** `toLocaleString` and its kin build an ICU formatter on every call (about 0.2 ms): issue 43 found 57 ms of them in the directory's hydration. */
const LOCALE_FORMAT_SYNTAX = {
  selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
  message: "Use formatNumber (app/lib/ui/numbers.ts), a formatter of app/lib/ui/dates.ts, or an Intl formatter made once at module level.",
};

/**
 * A route answers an expected failure through the one error type (utils/errors.server.ts), never with words of its
 * own: a literal text in `new Response(…)` is how a plain "Not found" or a 400's sentence slipped past the message
 * catalogue (issue 42). A file's own text (robots.txt, a sitemap) is built by a function, never a literal here.
 */
const ROUTE_ANSWER_SYNTAX = ["Literal[raw=/^[\"']/]", "TemplateLiteral"].map((argument) => ({
  selector: `NewExpression[callee.name='Response'] > ${argument}:first-child`,
  message:
    "An error answer goes through the one error type: return resourceErrorResponse(new AppError(code, { message })) (app/utils/replies.server.ts), or throw notFound() on a page.",
}));

/**
 * Libraries (or parts of them) that one module of ours owns: everywhere else, importing them is an error.
 * - Web streams from Node streams: app/utils/web-streams.server.ts (issue 40).
 * - The job queue's library: app/utils/job-queue.server.ts (decision 065); jobs use defineJob and enqueueJob.
 */
const OWNED_IMPORTS = [
  {
    owner: "app/utils/web-streams.server.ts",
    path: { name: "@react-router/node", importNames: ["createReadableStreamFromReadable"], message: "Use webReadableOf (app/utils/web-streams.server.ts)." },
  },
  {
    owner: "app/utils/job-queue.server.ts",
    path: { name: "pg-boss", message: "The job queue is app/utils/job-queue.server.ts: declare a job with defineJob and put work on it with enqueueJob (decision 065)." },
  },
];

function restrictedImports() {
  const rule = (owned) => ["error", { paths: owned.map((entry) => entry.path) }];
  return [
    { name: "project/owned-imports", ignores: OWNED_IMPORTS.map((entry) => entry.owner), rules: { "no-restricted-imports": rule(OWNED_IMPORTS) } },
    ...OWNED_IMPORTS.map((entry) => ({
      name: `project/owned-imports:${entry.owner}`,
      files: [entry.owner],
      rules: { "no-restricted-imports": rule(OWNED_IMPORTS.filter((other) => other !== entry)) },
    })),
  ];
}

export default defineConfig([
  globalIgnores(["build/", ".react-router/", "data/", "public/", "test-results/", "coverage/"]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: "project/unused-vars",
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  {
    name: "project/react",
    files: ["**/*.{jsx,tsx}"],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { "react-hooks": reactHooks },
    rules: {
      // The classic hooks rules...
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // ...and those React Compiler-era rules that check the Rules of React whether or not the
      // compiler is used (this project does not use it). Left off: config, gating, use-memo,
      // preserve-manual-memoization, incompatible-library and unsupported-syntax (the compiler's own
      // diagnostics), and set-state-in-effect (an opinion on style, not a bug finder).
      "react-hooks/error-boundaries": "error",
      "react-hooks/globals": "error",
      "react-hooks/immutability": "error",
      "react-hooks/purity": "error",
      "react-hooks/refs": "error",
      "react-hooks/set-state-in-render": "error",
      "react-hooks/static-components": "error",
      // A scrollable region (the comparison table) must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },

  {
    // A Node stream handed to a web stream must keep an error listener for its whole life (issue 40): a client that
    // hung up during a gzipped answer ended the process. app/utils/web-streams.server.ts is the one place that does it.
    name: "project/web-streams",
    ignores: ["app/utils/web-streams.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", WEB_STREAM_SYNTAX],
    },
  },
  {
    // What the site renders formats numbers and dates with formatters made once (tests may compute expected texts).
    name: "project/formatters",
    files: ["app/**", "server/**"],
    ignores: ["app/utils/web-streams.server.ts"],
    rules: {
      "no-restricted-syntax": ["error", WEB_STREAM_SYNTAX, LOCALE_FORMAT_SYNTAX],
    },
  },
  // Imports with one owner each (a later block's rule replaces an earlier one's, so each owner gets a block of its own
  // with every restriction but its own).
  ...restrictedImports(),

  {
    // Flat config replaces a rule's options per file rather than merging them: the web-streams and locale selectors are repeated.
    name: "project/route-answers",
    files: ["app/routes/**"],
    rules: { "no-restricted-syntax": ["error", WEB_STREAM_SYNTAX, LOCALE_FORMAT_SYNTAX, ...ROUTE_ANSWER_SYNTAX] },
  },

  {
    // A part is rendered alone on the server for each reader or search (decisions 054, 066): lint/parts-rules.js says
    // what it may not do. Every part lives in a file named for it (`save-tool-part.tsx`), listed in all-parts.ts.
    name: "project/parts",
    files: ["app/**/*-part.tsx"],
    plugins: { "project-parts": partsPlugin },
    rules: { "project-parts/no-use-id": "error", "project-parts/no-root-viewer": "error" },
  },

  {
    name: "project/browser-globals",
    files: ["app/**"],
    languageOptions: { globals: globals.browser },
  },
  {
    name: "project/node-globals",
    files: ["**/*.{js,mjs,cjs}", "**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}", "server/**", "scripts/**", "bench/**", "tests/**", "lint/**", "*.config.ts"],
    languageOptions: { globals: globals.node },
  },

  prettier,
]);
