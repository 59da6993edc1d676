import { describe, expect, it } from "vitest";
import { exchangeOf, pipeline, withRequest, type Step } from "./pipeline";

const exchange = (url = "http://localhost/x", headers: Record<string, string> = {}) => exchangeOf(new Request(url, { headers }), undefined, () => "new-id");

describe("pipeline", () => {
  it("runs the steps in order, each able to answer or pass on", async () => {
    const seen: string[] = [];
    const step =
      (name: string): Step =>
      async (current, next) => {
        seen.push(name);
        return next(current);
      };
    const refuse: Step = async () => new Response("refused", { status: 403 });
    const handle = pipeline([step("a"), step("b")], async () => new Response("rendered"));
    expect(await (await handle(exchange())).text()).toBe("rendered");
    expect(seen).toEqual(["a", "b"]);
    const refusing = pipeline([step("c"), refuse, step("d")], async () => new Response("rendered"));
    expect((await refusing(exchange())).status).toBe(403);
    expect(seen).toEqual(["a", "b", "c"]);
  });

  it("lets a step rewrite the request for the steps after it", async () => {
    const rewrite: Step = (current, next) => next(withRequest(current, new Request("http://localhost/y")));
    const handle = pipeline([rewrite], async (current) => new Response(current.url.pathname));
    expect(await (await handle(exchange())).text()).toBe("/y");
  });

  it("keeps the proxy's request id (at most 64 characters) or makes one", () => {
    expect(exchange().requestId).toBe("new-id");
    expect(exchange("http://localhost/", { "x-request-id": "abc" }).requestId).toBe("abc");
    expect(exchange("http://localhost/", { "x-request-id": "x".repeat(100) }).requestId).toHaveLength(64);
  });

  it("makes a new request id when the one sent is not a readable token (spaces, non-ASCII)", () => {
    for (const sent of ["a b", "caf\xe9", "id;\tx"]) expect(exchange("http://localhost/", { "x-request-id": sent }).requestId, sent).toBe("new-id");
  });
});
