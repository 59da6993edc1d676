import http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/support/ports";
import { invalidateLocally, invalidateTags, setInvalidationPublisher } from "./cache.server";
import { PUBLISH_WAIT_MS, purgeKeysOf, startEdgePurge, SURROGATE_KEY_MAX, surrogateKeyOf, unpurgedSharedSeconds, WIDE_PAGE, type EdgePurger } from "./edge-purge.server";

/** An edge that records each PURGE's Surrogate-Key, answering after `delayMs`. */
async function recordingEdge(delayMs = 0) {
  const purges: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.method === "PURGE") purges.push(String(request.headers["surrogate-key"]));
    setTimeout(() => response.end(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, purges, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("a kept page's Surrogate-Key", () => {
  it("is its tags, space-separated, without the moments nothing invalidates", () => {
    expect(surrogateKeyOf(new Set(["catalogue", "tool:chatgpt", "until:1796000000000", "reactions:claude-ai"]))).toBe("catalogue tool:chatgpt reactions:claude-ai");
  });

  it("is the one wide key when the tags would not fit in a header, or hold a character the edge would read as a pattern", () => {
    const many = Array.from({ length: 400 }, (_, index) => `tool:a-tool-with-a-long-slug-${index}`);
    expect(many.join(" ").length).toBeGreaterThan(SURROGATE_KEY_MAX);
    expect(surrogateKeyOf(many)).toBe(WIDE_PAGE);
    expect(surrogateKeyOf(["catalogue", "posts:one:a.b"])).toBe(WIDE_PAGE);
    expect(surrogateKeyOf(["until:1796000000000"])).toBe(WIDE_PAGE);
  });

  it("is purged with the wide key beside the changed tags, in headers that each fit", () => {
    expect(purgeKeysOf(["tool:chatgpt", "catalogue", "tool:chatgpt", "bad tag?"])).toEqual([`${WIDE_PAGE} tool:chatgpt catalogue`]);
    const many = Array.from({ length: 400 }, (_, index) => `tool:a-tool-with-a-long-slug-${index}`);
    const headers = purgeKeysOf(many);
    expect(headers.length).toBeGreaterThan(1);
    for (const header of headers) expect(header.length).toBeLessThanOrEqual(SURROGATE_KEY_MAX);
    expect(headers.join(" ").split(" ").sort()).toEqual([WIDE_PAGE, ...many].sort());
  });
});

describe("the lifetime of what the edge cannot purge", () => {
  it("is SHARED_CACHE_SECONDS without purged edges, and at most 30 s with them", () => {
    expect(unpurgedSharedSeconds({ EDGE_PURGE_URLS: [], SHARED_CACHE_SECONDS: 120 })).toBe(120);
    expect(unpurgedSharedSeconds({ EDGE_PURGE_URLS: ["http://127.0.0.1:6081"], SHARED_CACHE_SECONDS: 600 })).toBe(30);
    expect(unpurgedSharedSeconds({ EDGE_PURGE_URLS: ["http://127.0.0.1:6081"], SHARED_CACHE_SECONDS: 10 })).toBe(10);
  });
});

describe("the edge purger", () => {
  let purger: EdgePurger | undefined;
  afterEach(async () => {
    await purger?.stop();
    purger = undefined;
    setInvalidationPublisher(null);
    vi.restoreAllMocks();
  });

  it("sends one PURGE per edge for the changes of a few milliseconds, and none for changes heard from other instances", async () => {
    const [first, second] = [await recordingEdge(), await recordingEdge()];
    purger = startEdgePurge([first.url, second.url]);
    invalidateTags(["tool:chatgpt", "catalogue"]);
    invalidateTags(["reader-reviews"]);
    // Another instance's change, heard on the bus: that instance purges it.
    invalidateLocally(["tool:canva"]);
    await purger.settle();
    expect(first.purges).toEqual([`${WIDE_PAGE} tool:chatgpt catalogue reader-reviews`]);
    expect(second.purges).toEqual(first.purges);
    await Promise.all([first.close(), second.close()]);
  });

  it("purges only once the other instances were told, and never holds up the change itself", async () => {
    const edge = await recordingEdge(200);
    purger = startEdgePurge([edge.url]);
    let tell: () => void = () => {};
    setInvalidationPublisher(() => new Promise<void>((resolve) => (tell = resolve)));
    invalidateTags(["tool:chatgpt"]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(edge.purges).toEqual([]);
    tell();
    await purger.settle();
    expect(edge.purges).toEqual([`${WIDE_PAGE} tool:chatgpt`]);
    await edge.close();
  });

  it("purges anyway when the bus does not take the change within a second (Redis down)", async () => {
    const edge = await recordingEdge();
    purger = startEdgePurge([edge.url]);
    setInvalidationPublisher(() => new Promise<void>(() => {}));
    const started = performance.now();
    invalidateTags(["tool:chatgpt"]);
    await purger.settle();
    expect(performance.now() - started).toBeGreaterThanOrEqual(PUBLISH_WAIT_MS - 50);
    expect(edge.purges).toEqual([`${WIDE_PAGE} tool:chatgpt`]);
    await edge.close();
  });

  it("logs an edge that cannot be reached, and goes on", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const edge = await recordingEdge();
    purger = startEdgePurge([`http://127.0.0.1:${await freePort()}`, edge.url]);
    expect(() => invalidateTags(["tool:chatgpt"])).not.toThrow();
    await purger.settle();
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringMatching(/^\[error\] edge purge failed .*ECONNREFUSED/)]);
    expect(edge.purges).toEqual([`${WIDE_PAGE} tool:chatgpt`]);
    await edge.close();
  });

  it("does nothing without edges", async () => {
    purger = startEdgePurge([]);
    invalidateTags(["tool:chatgpt"]);
    await purger.settle();
  });
});
