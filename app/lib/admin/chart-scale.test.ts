import { describe, expect, it } from "vitest";
import { bandScale, labelIndexes, linearScale, niceStep, niceTicks } from "./chart-scale";

describe("chart scales", () => {
  it("picks round steps of 1, 2 or 5 times a power of ten, never below one", () => {
    expect([niceStep(10), niceStep(7), niceStep(38), niceStep(120), niceStep(4999), niceStep(0), niceStep(1)]).toEqual([5, 2, 10, 50, 2000, 1, 1]);
  });

  it("ends the ticks at the first round value at or above the largest", () => {
    expect(niceTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it("maps values linearly from the bottom up and clamps what falls outside", () => {
    const y = linearScale(40, 200, 0);
    expect([y(0), y(10), y(40), y(50), y(-5)]).toEqual([200, 150, 0, 0, 200]);
    expect(linearScale(0, 200, 0)(5)).toBe(200);
  });

  it("spaces bars evenly with a gap, caps their width and centres them", () => {
    const bands = bandScale(4, 0, 400, { gap: 0.5, maxWidth: 30 });
    expect([bands.band, bands.width, bands.x(0), bands.x(3), bands.centre(1)]).toEqual([100, 30, 35, 335, 150]);
    const narrow = bandScale(90, 0, 720);
    expect([narrow.band, narrow.width]).toEqual([8, 6.4]);
    expect(bandScale(0, 0, 100).width).toBe(0);
  });

  it("labels at most the wanted number of bars, evenly, always the last", () => {
    expect(labelIndexes(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndexes(90, 8)).toEqual([5, 17, 29, 41, 53, 65, 77, 89]);
    expect(labelIndexes(30, 6)).toEqual([4, 9, 14, 19, 24, 29]);
    expect(labelIndexes(0, 5)).toEqual([]);
  });
});
