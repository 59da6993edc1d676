import net from "node:net";
import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { isAppError } from "./errors.server";
import { isPrimaryReachable, notePrimaryFailure, onPrimaryChange, PROBE_INTERVAL_MS, refuseWhileReadOnly, startPrimaryHealth, stopPrimaryHealth } from "./primary-health.server";

/**
 * The primary's health (decision 090) against a real PostgreSQL server (TEST_DATABASE_URL) reached through a TCP
 * relay of this test's own, which the test closes and opens again: the server "goes away" and "comes back" without
 * touching the shared server.
 */
const target = process.env.TEST_DATABASE_URL;

/** A relay on a port of its own to the server of `url`; `down()` refuses and cuts every connection, `up()` relays again. */
async function relay(url: string) {
  const { hostname, port } = new URL(url);
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((socket) => {
    if (!open) return socket.destroy();
    const upstream = net.connect(Number(port || 5432), hostname);
    sockets.add(socket).add(upstream);
    for (const [a, b] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      a.on("error", () => b.destroy());
      a.on("close", () => (b.destroy(), sockets.delete(a)));
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayUrl = new URL(url);
  relayUrl.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: relayUrl.toString(),
    down() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A lost connection as a query reports it (drizzle's wrapper around the driver's ECONNREFUSED). */
const lostConnection = () => new DrizzleQueryError("select 1", [], Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));

afterEach(() => stopPrimaryHealth());

describe("the primary's health", () => {
  it("counts as reachable when nothing watches it (PGlite) and lets writes through", () => {
    notePrimaryFailure(lostConnection());
    expect(isPrimaryReachable()).toBe(true);
    expect(() => refuseWhileReadOnly()).not.toThrow();
  });

  it.skipIf(!target)("asks the primary when a query lost its connection: a primary that answers stays reachable", async () => {
    startPrimaryHealth(target!);
    const changes: boolean[] = [];
    onPrimaryChange((reachable) => changes.push(reachable));
    notePrimaryFailure(lostConnection());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(isPrimaryReachable()).toBe(true);
    expect(changes).toEqual([]);
  });

  it.skipIf(!target)("goes read-only when the primary does not answer, refuses writes with 503, and ends the mode when it answers again", { timeout: 20_000 }, async () => {
    const link = await relay(target!);
    try {
      startPrimaryHealth(link.url);
      const changes: boolean[] = [];
      onPrimaryChange((reachable) => changes.push(reachable));
      // A query's mistake is not a lost connection: nothing is asked.
      notePrimaryFailure(new Error("syntax error at or near"));
      link.down();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(isPrimaryReachable()).toBe(true);

      notePrimaryFailure(lostConnection());
      await expect.poll(() => isPrimaryReachable(), { timeout: 5_000, interval: 50 }).toBe(false);
      expect(changes).toEqual([false]);
      let refused: unknown;
      try {
        refuseWhileReadOnly();
      } catch (error) {
        refused = error;
      }
      expect(isAppError(refused) && refused.status === 503 && refused.details.message === "readOnly" && refused.details.retryAfterSeconds).toBeTruthy();

      // Still down for a few probes, then back: the interval's probe ends the mode by itself.
      await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS * 1.5));
      expect(isPrimaryReachable()).toBe(false);
      link.up();
      await expect.poll(() => isPrimaryReachable(), { timeout: PROBE_INTERVAL_MS * 3, interval: 50 }).toBe(true);
      expect(changes).toEqual([false, true]);
      expect(() => refuseWhileReadOnly()).not.toThrow();
    } finally {
      stopPrimaryHealth();
      link.down();
      await link.close();
    }
  });
});
