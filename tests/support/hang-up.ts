import net from "node:net";

/**
 * Clients that hang up (issue 40): each request goes over a bare socket of its own, and the client leaves at a point
 * of the answer chosen by a seeded random draw: before any answer, at the first bytes (the head), in the middle of
 * the body, or not at all (it reads the whole answer). Half of those that leave reset the connection (RST), the
 * others close it (FIN). Many at once: the server must answer the others and go on.
 */

export type HangUpRequest = { path: string; encoding: string; cookie?: string };
export type HangUpCounts = { beforeAnswer: number; atHead: number; midBody: number; whole: number; statuses: Record<number, number> };

/** A small seeded generator (mulberry32): the same seed draws the same hang-ups. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Point = "beforeAnswer" | "atHead" | "midBody" | "whole";

function exchange(port: number, request: HangUpRequest, point: Point, random: () => number, counts: HangUpCounts): Promise<void> {
  const waitMs = random() * 20;
  const midBodyAfter = 1 + Math.floor(random() * 4000);
  const reset = random() < 0.5;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = 0;
    let status = 0;
    let left = false;
    const leave = (at: Point) => {
      if (left) return;
      left = true;
      counts[at]++;
      if (reset) socket.resetAndDestroy();
      else socket.destroy();
    };
    // A client that stays gets its whole answer; one that never gets a byte gives up in the end, as a browser does.
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on("error", () => {});
    socket.on("close", () => {
      if (!left && status) counts.whole++;
      if (status) counts.statuses[status] = (counts.statuses[status] ?? 0) + 1;
      resolve();
    });
    socket.once("connect", () => {
      const headers = [
        `GET ${request.path} HTTP/1.1`,
        "Host: localhost",
        `Accept-Encoding: ${request.encoding}`,
        ...(request.cookie ? [`Cookie: ${request.cookie}`] : []),
        "Connection: close",
      ];
      socket.write(`${headers.join("\r\n")}\r\n\r\n`);
      if (point === "beforeAnswer") setTimeout(() => leave("beforeAnswer"), waitMs);
    });
    socket.on("data", (chunk: Buffer) => {
      if (!status) status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1", 0, 16))?.[1] ?? 0);
      received += chunk.length;
      if (point === "atHead") leave("atHead");
      // After the socket has handed this chunk over: the server is still writing, or has just written, the rest.
      else if (point === "midBody" && received >= midBodyAfter) setImmediate(() => leave("midBody"));
    });
  });
}

/** Sends every request, `concurrency` at a time, each leaving at its drawn point; resolves when all have ended. */
export async function hangUps(port: number, requests: HangUpRequest[], { concurrency = 40, seed = 40 } = {}): Promise<HangUpCounts> {
  const random = seeded(seed);
  const counts: HangUpCounts = { beforeAnswer: 0, atHead: 0, midBody: 0, whole: 0, statuses: {} };
  const points: Point[] = ["beforeAnswer", "atHead", "midBody", "midBody", "midBody", "whole"];
  const planned = requests.map((request) => ({ request, point: points[Math.floor(random() * points.length)]! }));
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < planned.length) {
        const { request, point } = planned[next++]!;
        await exchange(port, request, point, random, counts);
      }
    }),
  );
  return counts;
}
