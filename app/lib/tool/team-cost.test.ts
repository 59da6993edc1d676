import { describe, expect, it } from "vitest";
import type { CurrencyRates, Plan, Pricing } from "./pricing";
import { parseNeeds, parseTeamSize, peopleCovered, teamCost, teamQueryOf, teamSizeIsKept } from "./team-cost";

const rates: CurrencyRates = { asOf: "2026-11-26", source: "test", usdPer: { USD: 1, EUR: 1.16, GBP: 1.32 } };
const pricing = (model: Pricing["model"], ...plans: Plan[]): Pricing => ({ model, plans });
const plan = (name: string, price: number | null, extra: Partial<Plan> = {}): Plan => ({
  name,
  price,
  ...(price === null ? {} : { currency: "USD" as const, period: "month" as const }),
  limits: "",
  ...extra,
});

describe("teamCost: hand-worked cases", () => {
  it("per seat with a minimum, billed annually (Claude Team: $25/seat/month billed annually, 5 seats minimum)", () => {
    const team = pricing("paid", plan("Team", 25, { billedAnnually: true, per: "seat", minSeats: 5, limits: "Per seat; central billing and admin" }));
    // Team of 3: the minimum sets the seats: 5 × $25 = $125/month equivalent; × 12 = $1,500 paid up front.
    const three = teamCost(team, 3, rates).plans[0]!;
    expect(three).toMatchObject({ kind: "per-seat", seats: 5, minimumApplied: true, monthly: 125, firstYear: 1500, upFront: 1500 });
    expect(three.monthlyText).toBe("$125/month equivalent");
    expect(three.firstYearText).toBe("$1,500 a year, paid up front");
    expect(three.note).toBe("5 seats × $25/month, billed annually; billed for 5, the plan's minimum, though the team is 3.");
    // Team of 12: 12 × $25 = $300/month equivalent; × 12 = $3,600 paid up front.
    const twelve = teamCost(team, 12, rates).plans[0]!;
    expect(twelve).toMatchObject({ seats: 12, minimumApplied: false, monthly: 300, firstYear: 3600, upFront: 3600, usd: { monthly: 300, firstYear: 3600 }, converted: false });
    expect(twelve.usdText).toBeNull();
  });

  it("per seat billed monthly: nothing is paid up front", () => {
    // 12 × $10 = $120/month; first year 12 × $120 = $1,440, paid month by month.
    const cost = teamCost(pricing("paid", plan("Pro", 10, { per: "user" })), 12, rates).plans[0]!;
    expect(cost).toMatchObject({ kind: "per-seat", seats: 12, monthly: 120, firstYear: 1440, upFront: null, monthlyText: "$120/month", firstYearText: "$1,440 a year" });
  });

  it("a yearly per-person price (Canva Teams: $100/year per person, 3 people minimum)", () => {
    // Team of 12: 12 × $100 = $1,200 up front for the year, $100/month equivalent.
    const cost = teamCost(pricing("paid", plan("Teams", 100, { period: "year", per: "person", minSeats: 3 })), 12, rates).plans[0]!;
    expect(cost).toMatchObject({ seats: 12, monthly: 100, firstYear: 1200, upFront: 1200 });
    expect(cost.note).toBe("12 people × $100/year.");
    // Team of 7 on a yearly plan: 7 × $100 = $700 a year; $700 / 12 = $58.333… → $58.33/month equivalent.
    expect(teamCost(pricing("paid", plan("Teams", 100, { period: "year", per: "person" })), 7, rates).plans[0]).toMatchObject({ monthly: 58.33, firstYear: 700 });
  });

  it("one-time prices: paid once, no monthly charge; per seat when sold per seat", () => {
    // One licence at £199 one-time: first year £199; converted 199 × 1.32 = US$262.68.
    const flat = teamCost(pricing("paid", plan("Licence", 199, { currency: "GBP", period: "one-time", limits: "One licence" })), 1, rates).plans[0]!;
    expect(flat).toMatchObject({ kind: "one-time", monthly: null, firstYear: 199, upFront: 199, usd: { monthly: null, firstYear: 262.68 }, converted: true, coversTeam: true });
    expect(flat.monthlyText).toBe("No monthly charge");
    expect(flat.firstYearText).toBe("£199 one-time");
    expect(flat.usdText).toBe("about US$262.68 a year at the rates of 2026-11-26");
    // $49 one-time per developer for 4 developers: 4 × $49 = $196.
    const seats = teamCost(pricing("paid", plan("Pro", 49, { period: "one-time", per: "developer" })), 4, rates).plans[0]!;
    expect(seats).toMatchObject({ kind: "one-time", seats: 4, firstYear: 196, coversTeam: true });
    expect(seats.note).toBe("4 developers × $49 one-time.");
  });

  it("usage prices are named with their unit and never given a figure", () => {
    const cost = teamCost(pricing("pay-per-use", plan("API", 0.15, { period: "usage", unit: "per 1M input tokens" })), 12, rates);
    expect(cost.plans[0]).toMatchObject({ kind: "usage", monthly: null, firstYear: null, usd: null, monthlyText: "Usage-priced", firstYearText: "Depends on use" });
    expect(cost.plans[0]!.note).toBe("$0.15 per 1M input tokens, usage-based: the cost depends on use; none is assumed.");
    expect(cost.best).toBeNull();
  });

  it("contact sales is price on request, never 0, and never the cheapest", () => {
    const cost = teamCost(pricing("contact-sales", plan("Enterprise", null, { limits: "Custom pricing; SSO" })), 12, rates);
    expect(cost.plans[0]).toMatchObject({ kind: "on-request", monthly: null, firstYear: null, usd: null, monthlyText: "Price on request" });
    expect(cost.best).toBeNull();
    expect(cost.noBestReason).toBe("The vendor publishes no prices: every plan is price on request.");
  });

  it("a flat plan is one account's price, not multiplied, and fits a team only where its words say so", () => {
    // $29/month 'for up to five seats': covers 5, not 12; the price stays $29 whatever the team.
    const copy = pricing("paid", plan("Chat", 29, { limits: "Unlimited chat words for up to five seats" }));
    const five = teamCost(copy, 5, rates);
    expect(five.plans[0]).toMatchObject({ kind: "flat", seats: null, monthly: 29, firstYear: 348, coversTeam: true });
    expect(five.best?.name).toBe("Chat");
    const twelve = teamCost(copy, 12, rates);
    expect(twelve.plans[0]).toMatchObject({ monthly: 29, coversTeam: false });
    expect(twelve.plans[0]!.note).toBe("One account's price, not sold per seat; its limits say “up to five seats”, fewer than 12 people.");
    expect(twelve.best).toBeNull();
    // Silent about people: one person only.
    const solo = pricing("paid", plan("Pro", 20, { limits: "Higher limits" }));
    expect(teamCost(solo, 1, rates).best?.name).toBe("Pro");
    expect(teamCost(solo, 2, rates).plans[0]!.coversTeam).toBe(false);
  });

  it("mixed currencies: each in the vendor's currency, ranked and compared in dollars by the dated table", () => {
    // €10/user/month for 12: €120/month, €1,440 first year; × 1.16 = US$139.20/month, US$1,670.40 first year.
    const euros = teamCost(pricing("paid", plan("Team", 10, { currency: "EUR", per: "user" })), 12, rates).plans[0]!;
    expect(euros).toMatchObject({ currency: "EUR", monthly: 120, firstYear: 1440, usd: { monthly: 139.2, firstYear: 1670.4 }, converted: true });
    expect(euros.monthlyText).toBe("€120/month");
    expect(euros.usdText).toBe("about US$1,670.40 a year (US$139.20/month) at the rates of 2026-11-26");
    // £9/user/month for 12: £1,296 first year → US$1,710.72; the euro plan (US$1,670.40) is cheaper though its figure is larger.
    const pounds = teamCost(pricing("paid", plan("Team", 9, { currency: "GBP", per: "user" })), 12, rates).plans[0]!;
    expect(pounds.usd!.firstYear).toBe(1710.72);
    expect(euros.usd!.firstYear).toBeLessThan(pounds.usd!.firstYear);
  });

  it("marks the cheapest plan that fits the team and the needs, saying what was matched", () => {
    // ChatGPT, team of 12: Free is the cheapest that fits with no needs; with 'admin', Business (12 × $25 × 12 = $3,600).
    const chatgpt = pricing(
      "freemium",
      plan("Free", 0, { limits: "Limited messages" }),
      plan("Plus", 20, { limits: "Higher limits" }),
      plan("Business", 25, { billedAnnually: true, per: "user", minSeats: 2, limits: "Per user, minimum two users; shared workspace, admin controls" }),
      plan("Enterprise", null, { limits: "Custom pricing; SSO and support" }),
    );
    expect(teamCost(chatgpt, 12, rates).best?.name).toBe("Free");
    const admin = teamCost(chatgpt, 12, rates, ["admin"]);
    expect(admin.best).toEqual({
      name: "Business",
      reason: "Cheapest for 12 people needing Admin controls: $3,600 a year; sold per user, 12 billed; its listed limits mention “admin”.",
    });
    // SSO only on Enterprise, which has no price: nothing is marked, and the page says why.
    const sso = teamCost(chatgpt, 12, rates, ["sso"]);
    expect(sso.best).toBeNull();
    expect(sso.plans.find((entry) => entry.name === "Enterprise")!.fitsNeeds).toBe(true);
    expect(sso.noBestReason).toBe("Only Enterprise mentions SSO, with no figure to count (price on request).");
  });

  it("reads the review's plan features for a need, and says so", () => {
    const tool = pricing("paid", plan("Team", 30, { per: "seat", limits: "Shared workspace" }));
    const review = [{ plan: "team", features: ["SAML single sign-on", "Audit log"] }];
    const cost = teamCost(tool, 12, rates, ["sso"], review);
    expect(cost.plans[0]!.needs).toEqual([{ need: "sso", found: { in: "review", phrase: "SAML" } }]);
    expect(cost.best?.reason).toContain("our review's features for it mention “SAML”");
    // A need no words mention is not assumed.
    expect(teamCost(tool, 12, rates, ["api"], review).best).toBeNull();
  });

  it("plus usage: the base is counted and the use on top is said, not guessed", () => {
    const cost = teamCost(pricing("paid", plan("Team", 250, { plusUsage: true, limits: "unlimited users" })), 12, rates).plans[0]!;
    expect(cost).toMatchObject({ kind: "flat", monthly: 250, firstYear: 3000, plusUsage: true, coversTeam: true, monthlyText: "$250/month plus usage" });
    expect(cost.note).toContain("Use is charged on top, not counted.");
  });
});

describe("the query", () => {
  it("parses ?team= with bounds and says what it did", () => {
    expect(parseTeamSize(null)).toEqual({ size: 5, given: false, problem: null });
    expect(parseTeamSize("12")).toEqual({ size: 12, given: true, problem: null });
    expect(parseTeamSize("0").size).toBe(1);
    expect(parseTeamSize("99999")).toMatchObject({ size: 10_000, problem: "Team sizes go up to 10,000; showing 10,000." });
    expect(parseTeamSize("abc")).toMatchObject({ size: 5, problem: "“abc” is not a whole number of people; showing a team of 5." });
    expect(parseTeamSize("-3").size).toBe(5);
    expect(parseTeamSize("12.5").size).toBe(5);
  });

  it("parses needs as a list or as ticked boxes, the known ones only", () => {
    expect(parseNeeds(["sso,api"])).toEqual(["sso", "api"]);
    expect(parseNeeds(["api", "SSO", "nope"])).toEqual(["sso", "api"]);
    expect(teamQueryOf(new URLSearchParams("team=12&needs=admin"))).toMatchObject({ size: 12, needs: ["admin"] });
  });

  it("keeps pages for the default and a few sizes only", () => {
    expect(teamSizeIsKept(new URLSearchParams(""))).toBe(true);
    expect(teamSizeIsKept(new URLSearchParams("team=12"))).toBe(true);
    expect(teamSizeIsKept(new URLSearchParams("team=1000"))).toBe(true);
    expect(teamSizeIsKept(new URLSearchParams("team=37"))).toBe(false);
    expect(teamSizeIsKept(new URLSearchParams("team=012"))).toBe(false);
  });

  it("reads how many people an account covers from its words", () => {
    expect(peopleCovered("Unlimited chat words for up to five seats")).toEqual({ count: 5, phrase: "up to five seats" });
    expect(peopleCovered("Unlimited users and projects")?.count).toBe(Number.POSITIVE_INFINITY);
    expect(peopleCovered("Includes 3 users")?.count).toBe(3);
    expect(peopleCovered("One person; premium content")).toBeUndefined();
  });
});
