import { describe, expect, it } from "vitest";
import { movedOrder } from "./screenshots";

describe("movedOrder", () => {
  it("swaps an item with its neighbour", () => {
    expect(movedOrder(["a", "b", "c"], 1, "up")).toEqual(["b", "a", "c"]);
    expect(movedOrder(["a", "b", "c"], 1, "down")).toEqual(["a", "c", "b"]);
  });

  it("leaves the order as it is at either end or for an index outside it", () => {
    expect(movedOrder(["a", "b"], 0, "up")).toEqual(["a", "b"]);
    expect(movedOrder(["a", "b"], 1, "down")).toEqual(["a", "b"]);
    expect(movedOrder(["a", "b"], 5, "up")).toEqual(["a", "b"]);
  });
});
