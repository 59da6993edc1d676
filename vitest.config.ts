import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
// The scheduled link checker (decision 021), the alert job (decision 035) and the price check (decision 034) are off in every test; servers a test spawns with its environment inherit it.
// Mail written inside a transaction is found at the outbox's next poll (decision 032): a fifth of a second here, so tests
// that read mail do not wait a second each time.
const env = { LINK_CHECK_INTERVAL_HOURS: "0", ALERT_INTERVAL_MINUTES: "0", PRICE_CHECK_INTERVAL_HOURS: "0", OUTBOX_POLL_MS: "200" };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit+integration",
          env,
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/support/**/*.test.ts", "tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time, one per core (Vitest's default in a run is one less than the cores: one here). Most
          // files wait on their database or a child server part of the time, so two keep both cores busy.
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          env,
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // The page under test may still be loading on a busy machine: polls wait up to 10 s, not Vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Two cores: one browser per worker keeps the machine responsive.
          maxWorkers: 2,
          // After the unit and integration tests, so the two never compete for the cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
