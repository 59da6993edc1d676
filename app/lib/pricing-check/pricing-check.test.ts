import { describe, expect, it } from "vitest";
import type { Plan } from "~/lib/tool/pricing";
import { findPlans, judgePage, looksLikeLogin, looksParked, onVendorDomain, wordDiff } from "./check";
import { findFigures, normaliseText, parseAmount } from "./money";
import { pageText } from "./page-text";

const figures = (text: string) => findFigures(text).map(({ currency, amount }) => `${currency} ${amount}`);

describe("pageText", () => {
  it("keeps what a visitor reads and drops scripts, styles, templates, noscript and hidden elements", () => {
    const html = `<!doctype html><html><head><title> Pricing | Acme </title><style>.x{}</style><script>var p = "$99";</script></head>
      <body><h2>Pro</h2><p>$<span>20</span>/mo</p><div hidden>Secret $1</div><div style="display: none">$2</div>
      <noscript>$3</noscript><template><p>$4</p></template><svg><text>$5</text></svg><img alt="Acme logo"><button>Start free trial</button></body></html>`;
    const page = pageText(html);
    expect(page.title).toBe("Pricing | Acme");
    expect(page.text).toBe("Pro\n$20/mo\nAcme logo");
    expect(page.hasPasswordField).toBe(false);
    expect(pageText(`<form><input type="password" name="p"></form>`).hasPasswordField).toBe(true);
  });
});

describe("money", () => {
  it("reads the usual ways of writing a price", () => {
    expect(figures("$1,200 and US$20 and €20 and 20 € and 20,00 € and £15.99 and $0 and USD 30 and 1.200,50 €")).toEqual([
      "USD 1200",
      "USD 20",
      "EUR 20",
      "EUR 20",
      "EUR 20",
      "GBP 15.99",
      "USD 0",
      "USD 30",
      "EUR 1200.5",
    ]);
    expect(figures("CA$20, A$5, 2024, 300 users")).toEqual([]);
    expect(parseAmount("0.125")).toBe(0.125);
    expect(parseAmount("1.200")).toBe(1200);
    expect(parseAmount("20,5")).toBe(20.5);
  });

  it("normalises figures and period words so a reformatted page reads the same", () => {
    expect(normaliseText("Pro  $20.00 per month,\n billed yearly\n\nTeam US$ 30 /user/mo")).toBe("Pro $20 /month,\nbilled annually\nTeam $30 /user/month");
    expect(normaliseText("Pro $20/mo")).toBe(normaliseText("Pro $20.00 a month"));
    expect(normaliseText("data month")).toBe("data month");
  });
});

const plans: Plan[] = [
  { name: "Free", price: 0, currency: "USD", period: "month", limits: "x" },
  { name: "Pro", price: 20, currency: "USD", period: "month", limits: "x" },
  { name: "Team", price: 25, currency: "USD", period: "month", billedAnnually: true, per: "user", limits: "x" },
  { name: "Enterprise", price: null, limits: "x" },
];
const tool = { name: "Acme Writer", websiteUrl: "https://www.acme.com", pricingUrl: "https://acme.com/pricing", plans };
const page = (body: string, title = "Pricing - Acme Writer") => ({ finalUrl: "https://acme.com/pricing", page: pageText(`<title>${title}</title><body>${body}</body>`) });
const full = "<h3>Free</h3><p>$0 forever</p><h3>Pro</h3><p>$20.00/mo</p><h3>Team</h3><p>$300 per user per year</p><h3>Enterprise</h3><p>Talk to us</p><footer>© Acme</footer>";

describe("findPlans", () => {
  it("finds each plan's figure near its name, the free plan by 'free', a contact-sales plan by name", () => {
    expect(findPlans(normaliseText(pageText(full).text), plans).every((finding) => finding.found)).toBe(true);
  });

  it("does not count a figure far from the plan's name, and says it is on the page", () => {
    const text = `Pro\n${"words ".repeat(100)}\nTeam $25\nOther $20`;
    const pro = findPlans(text, plans).find((finding) => finding.plan === "Pro")!;
    expect(pro).toMatchObject({ found: false, elsewhere: true, listed: "$20/month" });
  });
});

describe("judgePage", () => {
  it("confirms a page that shows every plan on the vendor's domain", () => {
    const verdict = judgePage(page(full), tool, null);
    expect(verdict).toMatchObject({ outcome: "confirmed", reasons: [], moved: [], diff: null });
    expect(verdict.figuresOnPage).toEqual(["$0", "$20", "$300"]);
  });

  it("opens a task when a price changed, with the figure not found and a word diff", () => {
    const before = judgePage(page(full), tool, null).text;
    const verdict = judgePage(page(full.replace("$20.00", "$24")), tool, before);
    expect(verdict.outcome).toBe("changed");
    expect(verdict.reasons).toEqual(["missing", "text-changed"]);
    expect(verdict.findings.filter((finding) => !finding.found).map((finding) => finding.plan)).toEqual(["Pro"]);
    expect(verdict.diff).toEqual(
      expect.arrayContaining([
        { kind: "removed", text: "$20" },
        { kind: "added", text: "$24" },
      ]),
    );
  });

  it("asks a person when the page shows no figure at all (drawn by JavaScript)", () => {
    expect(judgePage(page("<h3>Pro</h3><div id=app></div><p>Acme</p>"), tool, null)).toMatchObject({ outcome: "needs-person", reasons: ["no-figures"] });
  });

  it("flags another domain, a parked page and a sign-in page as moved, never confirmed", () => {
    expect(judgePage({ ...page(full), finalUrl: "https://buyer.example/pricing" }, tool, null)).toMatchObject({ outcome: "moved", moved: ["other-domain"] });
    expect(judgePage(page(`${full}<p>This domain may be for sale</p>`), tool, null)).toMatchObject({ outcome: "moved", moved: ["parked"] });
    const login = judgePage(page(`<form><input type=password></form>`, "Sign in"), tool, null);
    expect(login.outcome).toBe("moved");
    expect(login.moved).toContain("login");
  });

  it("recognises parking and login pages", () => {
    expect(looksParked(pageText("<title>Great deals on shoes</title><p>Related searches</p>"), tool)).toBe(true);
    expect(looksParked(pageText("<title>Pricing</title><p>Acme Writer plans</p>"), tool)).toBe(false);
    expect(looksParked(pageText("<title>x</title><p>Buy this domain</p>"), tool)).toBe(true);
    expect(looksLikeLogin(pageText("<title>Log in | Acme</title><p>Email</p>"))).toBe(true);
    expect(looksLikeLogin(pageText(`<title>Pricing</title><p>${"word ".repeat(300)}</p><input type=password>`))).toBe(false);
  });

  it("knows a vendor's other domains", () => {
    expect(onVendorDomain("https://claude.com/pricing", { websiteUrl: "https://claude.ai", pricingUrl: "https://claude.com/pricing" })).toBe(true);
    expect(onVendorDomain("https://www.anthropic.com/pricing", { websiteUrl: "https://claude.ai", pricingUrl: "https://claude.com/pricing" })).toBe(true);
    expect(onVendorDomain("https://sedo.com/x", { websiteUrl: "https://claude.ai", pricingUrl: "https://claude.com/pricing" })).toBe(false);
    expect(onVendorDomain("http://10.0.0.1/", { websiteUrl: "https://acme.com", pricingUrl: "http://127.0.0.1:8080/p" })).toBe(false);
    expect(onVendorDomain("http://127.0.0.1:8080/q", { websiteUrl: "https://acme.com", pricingUrl: "http://127.0.0.1:8080/p" })).toBe(true);
  });
});

describe("wordDiff", () => {
  it("trims long unchanged stretches to a gap", () => {
    const before = `${"alpha ".repeat(50)}Pro $20 /month ${"omega ".repeat(50)}`.trim();
    const parts = wordDiff(before, before.replace("$20", "$25"))!;
    expect(parts.map((part) => part.kind)).toEqual(["gap", "same", "removed", "added", "same", "gap"]);
    expect(parts.filter((part) => part.kind === "same").every((part) => part.text.split(/\s+/).filter(Boolean).length <= 8)).toBe(true);
    expect(wordDiff("same", "same")).toBeNull();
  });
});
