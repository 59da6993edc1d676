import { describe, expect, it } from "vitest";
import { compareByRating } from "./ratings";

describe("compareByRating", () => {
  it("puts rated tools first, best first, unrated ones last, then by name", () => {
    const tools = [
      { name: "Beta", rating: null },
      { name: "Alpha", rating: null },
      { name: "Gamma", rating: 4.2 },
      { name: "Delta", rating: 4.8 },
      { name: "Epsilon", rating: 4.2 },
    ];
    expect([...tools].sort(compareByRating).map((tool) => tool.name)).toEqual(["Delta", "Epsilon", "Gamma", "Alpha", "Beta"]);
  });
});
