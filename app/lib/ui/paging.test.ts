import { describe, expect, it } from "vitest";
import { isPastLastPage, MAX_PAGE_NUMBER, requestedPage, shownRange } from "./paging";

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

  it("refuses a number no listing reaches, so no offset overflows (issue 41)", () => {
    const page = (query: string) => requestedPage(new URLSearchParams(query));
    expect([page("page=99999999999999999999"), page(`page=${MAX_PAGE_NUMBER + 1}`), page("page=1e3"), page("page=%201"), page("page=0x10")]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(page(`page=${MAX_PAGE_NUMBER}`)).toBe(MAX_PAGE_NUMBER);
    // The largest page times the largest page size stays an exact integer and fits a bigint offset.
    expect(Number.isSafeInteger(MAX_PAGE_NUMBER * 100)).toBe(true);
  });
});
