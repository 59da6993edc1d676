import { describe, expect, it } from "vitest";
import { ariaSortOf, nextSort } from "./table-sort";

describe("sorting by a column header", () => {
  const byName = { key: "name", order: "asc" } as const;

  it("asks for the column's first order on a column that is not sorted", () => {
    expect(nextSort(byName, { key: "date" })).toEqual({ key: "date", order: "asc" });
    expect(nextSort(byName, { key: "date", first: "desc" })).toEqual({ key: "date", order: "desc" });
  });

  it("reverses the order on the sorted column, unless the column has one order only", () => {
    expect(nextSort(byName, { key: "name" })).toEqual({ key: "name", order: "desc" });
    expect(nextSort({ key: "name", order: "desc" }, { key: "name" })).toEqual({ key: "name", order: "asc" });
    expect(nextSort({ key: "clicks", order: "desc" }, { key: "clicks", first: "desc", toggles: false })).toEqual({ key: "clicks", order: "desc" });
  });

  it("marks only the sorted column with aria-sort", () => {
    expect(ariaSortOf(byName, { key: "name" })).toBe("ascending");
    expect(ariaSortOf({ key: "name", order: "desc" }, { key: "name" })).toBe("descending");
    expect(ariaSortOf(byName, { key: "date" })).toBeUndefined();
  });
});
