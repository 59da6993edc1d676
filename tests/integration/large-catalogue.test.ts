import { beforeAll, expect, it } from "vitest";
// The benchmark's own generator, so the test and the benchmark exercise the same data.
import { generateCatalogue } from "../../bench/generate-catalogue.js";
import { describeEachBackend } from "../support/app";
import { catalogue, expectedPage, slugsIn } from "../support/catalogue";

// More tools than the count cap (1,000), so both read paths and the capped count run.
const GENERATED = 1500;

describeEachBackend("directory on a catalogue larger than the count cap", (app) => {
  let tools: Awaited<ReturnType<typeof catalogue>>;
  beforeAll(async () => {
    await generateCatalogue(app, GENERATED);
    tools = await catalogue(app);
  });

  it("says 1,000+ instead of counting past the cap, and still offers the next page", async () => {
    const { body } = await app.html("/tools");
    expect(body).toContain("Showing 1-24 of 1,000+ tools");
    expect(body).toMatch(/<a[^>]+href="\/tools\?page=2"[^>]*>Next<\/a>/);
    const filtered = (await app.html("/tools?trial=false")).body;
    expect(filtered).toContain("of 1,000+ tools");
  });

  it.each([
    "sort=name_asc&page=3", // many matches: the sort index is walked
    "trial=false&sort=recent&page=2", // many matches with a filter
    "sort=newest&page=3", // many matches, by date added
    "maxPrice=50&sort=price_high", // many matches: contact-sales tools left out
    "sort=price_low&page=60", // the last page: contact-sales tools at the end
    "pricing=free&sort=price_high", // fewer than 1,000: ids first, then sorted
    "category=seo-tools&rating=4&sort=name_desc",
    // The team-cost sorts (decision 086): the whole catalogue costed for the team, tools without a figure last.
    "sort=team_low&team=12&page=3",
    "sort=team_high&team=2",
    "trial=false&sort=team_low&team=50&page=2",
    "pricing=free&sort=team_high&team=7", // fewer than 1,000: ids first, then sorted
  ])("returns the reference page for ?%s", async (query) => {
    const { body } = await app.html(`/tools?${query}`);
    expect(slugsIn(body)).toEqual(expectedPage(tools, query));
  });

  it("searches the large catalogue in rating order", async () => {
    const results = slugsIn((await app.html("/tools?search=studio&sort=rating")).body);
    expect(results).toHaveLength(24);
    const rating = new Map(tools.map((tool) => [tool.slug, tool.rating]));
    const ratings = results.map((slug) => rating.get(slug!)!);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);
    const names = new Map(tools.map((tool) => [tool.slug, `${tool.name} ${tool.description}`]));
    for (const slug of results) expect(names.get(slug!)).toMatch(/studio/i);
  });

  it("corrects a typo against generated names too", async () => {
    const { body } = await app.html("/tools?search=pixl");
    expect(body).toContain("Showing results for <strong>“pixel”</strong>");
    expect(slugsIn(body).length).toBe(24);
  });
});
