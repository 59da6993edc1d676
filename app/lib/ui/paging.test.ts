import { describe, expect, it } from "vitest";
import { isPastLastPage, requestedPage, shownRange } from "./paging";

describe("shownRange", () => {
  it("numbers the items of a page", () => {
    expect(shownRange(1, 24, 24)).toEqual({ first: 1, last: 24 });
    expect(shownRange(3, 24, 17)).toEqual({ first: 49, last: 65 });
  });

  it("is null for a page that shows nothing, never an inverted range", () => {
    expect(shownRange(99, 24, 0)).toBeNull();
    expect(shownRange(1, 24, 0)).toBeNull();
  });
});

describe("isPastLastPage", () => {
  it.each([
    [1, 1, false],
    [1, 0, false],
    [3, 3, false],
    [4, 3, true],
    [99, 3, true],
    [2, 1, true],
  ])("page %i of %i -> %s", (page, pageCount, past) => {
    expect(isPastLastPage(page, pageCount)).toBe(past);
  });
});

describe("requestedPage", () => {
  it("reads the page a URL asks for, 1 by default, and null for one that cannot exist", () => {
    const page = (query: string) => requestedPage(new URLSearchParams(query));
    expect([page(""), page("page=3"), page("page=0"), page("page=-1"), page("page=1.5"), page("page=abc")]).toEqual([1, 3, null, null, null, null]);
  });
});
