import { describe, expect, it } from "vitest";
import { dealEndsAt, dealHeadings, expiryText, isDealLive, nextDealEnd } from "./deals";

const at = (iso: string) => new Date(iso);

describe("deal liveness", () => {
  it("keeps an ongoing deal live at any time", () => {
    expect(isDealLive({ expiryDate: "Ongoing" }, at("2026-11-23T10:00:00Z"))).toBe(true);
    expect(isDealLive({ expiryDate: "Ongoing" }, at("2099-01-01T00:00:00Z"))).toBe(true);
    expect(dealEndsAt("Ongoing")).toBeNull();
  });

  it("keeps a dated deal live through the whole of its expiry date (UTC), and not a millisecond longer", () => {
    const deal = { expiryDate: "2026-12-31" };
    expect(isDealLive(deal, at("2026-11-23T00:00:00Z"))).toBe(true);
    expect(isDealLive(deal, at("2026-12-31T00:00:00Z"))).toBe(true);
    expect(isDealLive(deal, at("2026-12-31T23:59:59.999Z"))).toBe(true);
    expect(isDealLive(deal, at("2027-01-01T00:00:00Z"))).toBe(false);
    expect(isDealLive(deal, at("2027-06-01T00:00:00Z"))).toBe(false);
    expect(dealEndsAt("2026-12-31")).toBe(Date.parse("2027-01-01T00:00:00Z"));
  });

  it("names the next moment a deal ends, ignoring ongoing and already ended deals", () => {
    const deals = [{ expiryDate: "Ongoing" }, { expiryDate: "2026-11-01" }, { expiryDate: "2027-03-01" }, { expiryDate: "2026-12-31" }];
    expect(nextDealEnd(deals, at("2026-11-23T12:00:00Z"))).toBe(Date.parse("2027-01-01T00:00:00Z"));
    expect(nextDealEnd(deals, at("2027-01-01T00:00:00Z"))).toBe(Date.parse("2027-03-02T00:00:00Z"));
    expect(nextDealEnd(deals, at("2027-03-02T00:00:00Z"))).toBeUndefined();
    expect(nextDealEnd([{ expiryDate: "Ongoing" }], at("2026-11-23T12:00:00Z"))).toBeUndefined();
  });

  it("says 'Ongoing' or the last day in words", () => {
    expect(expiryText("Ongoing")).toBe("Ongoing");
    expect(expiryText("2026-12-31")).toBe("Ends December 31, 2026");
  });
});

describe("deal headings", () => {
  const plain = { isExclusive: false };
  it("say 'Exclusive' and 'Coupons' only when a deal is exclusive or has a code", () => {
    expect(dealHeadings([plain, plain])).toEqual({ exclusive: false, coupons: false, section: "Deals on AI tools", page: "Deals on AI tools" });
    expect(dealHeadings([])).toMatchObject({ section: "Deals on AI tools", page: "Deals on AI tools" });
    expect(dealHeadings([plain, { isExclusive: false, code: "SAVE20" }])).toMatchObject({ coupons: true, section: "Deals & Coupons on AI Tools", page: "AI Tool Deals & Coupons" });
    expect(dealHeadings([{ isExclusive: true }])).toMatchObject({ exclusive: true, coupons: false, section: "Exclusive Deals on AI Tools", page: "Deals on AI tools" });
    expect(dealHeadings([{ isExclusive: true, code: "ATLAS" }])).toMatchObject({ section: "Exclusive Deals & Coupons" });
  });
});
