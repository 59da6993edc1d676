import { describe, expect, it } from "vitest";
import { capabilityMask, directorySort, isCategorySlug, matrixHref, MATRIX_PATH, parseMatrixParams, sortHref } from "./tool-matrix";

const parse = (query: string) => parseMatrixParams(new URLSearchParams(query));

describe("the comparison matrix's URL", () => {
  it("defaults to highest rated first, all categories", () => {
    expect(parse("")).toEqual({ sort: "rating", order: "desc", category: null });
  });

  it("reads each column's orders and falls back on anything unknown", () => {
    expect(parse("sort=name")).toMatchObject({ sort: "name", order: "asc" });
    expect(parse("sort=name&order=desc")).toMatchObject({ sort: "name", order: "desc" });
    expect(parse("sort=PRICE&order=desc")).toMatchObject({ sort: "price", order: "desc" });
    expect(parse("sort=price&order=sideways")).toMatchObject({ sort: "price", order: "asc" });
    expect(parse("sort=popularity&order=asc")).toMatchObject({ sort: "rating", order: "desc" });
    // Rating has one order, as in the directory.
    expect(parse("sort=rating&order=asc")).toMatchObject({ sort: "rating", order: "desc" });
    expect(parse("category=%20Design%20")).toMatchObject({ category: "design" });
    expect(parse("category=")).toMatchObject({ category: null });
  });

  it("maps each order onto the directory's sort", () => {
    expect(directorySort({ sort: "rating", order: "desc" })).toBe("rating");
    expect(directorySort({ sort: "name", order: "asc" })).toBe("name_asc");
    expect(directorySort({ sort: "name", order: "desc" })).toBe("name_desc");
    expect(directorySort({ sort: "price", order: "asc" })).toBe("price_low");
    expect(directorySort({ sort: "price", order: "desc" })).toBe("price_high");
  });

  it("writes canonical links, and a sorted column's heading reverses it", () => {
    const base = parse("");
    expect(matrixHref(base)).toBe(MATRIX_PATH);
    expect(sortHref(base, "rating")).toBe(MATRIX_PATH);
    expect(sortHref(base, "name")).toBe(`${MATRIX_PATH}?sort=name`);
    expect(sortHref(parse("sort=name"), "name")).toBe(`${MATRIX_PATH}?sort=name&order=desc`);
    expect(sortHref(parse("sort=name&order=desc"), "name")).toBe(`${MATRIX_PATH}?sort=name`);
    expect(sortHref(parse("category=design&sort=price"), "price")).toBe(`${MATRIX_PATH}?category=design&sort=price&order=desc`);
    expect(sortHref(parse("category=design&sort=price"), "rating")).toBe(`${MATRIX_PATH}?category=design`);
  });

  it("checks category slugs before any lookup", () => {
    expect(isCategorySlug("seo-tools")).toBe(true);
    expect(isCategorySlug("seo tools")).toBe(false);
    expect(isCategorySlug("a".repeat(61))).toBe(false);
  });

  it("packs capabilities as one character each, in vocabulary order", () => {
    expect(capabilityMask(["C", "A"], ["A", "B", "C"])).toBe("101");
    expect(capabilityMask([], ["A", "B"])).toBe("00");
  });
});
