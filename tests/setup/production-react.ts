import { createRequire } from "node:module";

/**
 * The app under test renders with React's production build, as it does when it serves the site. Vitest sets NODE_ENV
 * to "test", and React's entry points load their development build for anything but "production": a render several
 * times slower, with checks the shipped site never runs. Required here, before any test file imports React (this is
 * the project's first setup file), with NODE_ENV "production" for that moment only: every later import of React,
 * the server build's included, gets these modules from Node's module cache. The rest of the test run keeps "test".
 */
const require = createRequire(import.meta.url);
const previous = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const id of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(id);
} finally {
  process.env.NODE_ENV = previous;
}
