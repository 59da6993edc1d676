import { describe, expect, it } from "vitest";
import { containsPattern, parseSubscriberFilters, subscriberQuery } from "./subscriber-filters";

describe("subscriber filters", () => {
  it("reads the search, a known state and the page, and refuses a page that is not a whole number from 1", () => {
    expect(parseSubscriberFilters(new URLSearchParams("q=%20Ann%20&state=confirmed&page=2"))).toEqual({ q: "Ann", state: "confirmed", page: 2 });
    expect(parseSubscriberFilters(new URLSearchParams("state=king"))).toEqual({ q: "", state: null, page: 1 });
    for (const page of ["0", "-1", "1.5", "x"]) expect(parseSubscriberFilters(new URLSearchParams({ page })), page).toBeNull();
  });

  it("writes the same view back as a query string", () => {
    expect(subscriberQuery({ q: "a b", state: "unsubscribed", page: 3 })).toBe("?q=a+b&state=unsubscribed&page=3");
    expect(subscriberQuery({ q: "", state: null, page: 1 })).toBe("");
  });

  it("takes LIKE's wildcards and escape literally", () => {
    expect(containsPattern("a_b%c\\d")).toBe("%a\\_b\\%c\\\\d%");
  });
});
