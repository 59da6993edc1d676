import { describe, expect, it } from "vitest";
import { renderParts } from "./render-parts";

const anonymous = { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] };
const reader = { viewer: { name: "Zoë <Reader>", email: "z@example.com", image: null }, favoriteSlugs: ["dall-e"], followedCategorySlugs: [] };
/** The about page's routes, as React Router matched them when it was kept. */
const about = {
  branch: [
    { id: "root", path: "" },
    { id: "routes/about", path: "about" },
  ],
  loaderData: { root: {}, "routes/about": {} },
};

describe("a request's parts, rendered together in the page's own routes", () => {
  it("renders each part at the request's address, for its reader, React escaping what it writes, and returns each one's HTML", async () => {
    const holes = [
      { name: "return-address", props: {} },
      { name: "account-menu", props: {} },
      { name: "save-tool", props: { slug: "dall-e", name: "DALL·E" } },
    ];
    const url = new URL('http://localhost/about?ref="x"&a=<b>');
    const [address, signIn, save] = (await renderParts(about, url, holes, { personal: anonymous }))!;
    expect(address).toBe('<input type="hidden" name="redirectTo" value="/about?ref=%22x%22&amp;a=%3Cb%3E"/>');
    expect(signIn).toContain(`href="/auth?redirectTo=${encodeURIComponent("/about?ref=%22x%22&a=%3Cb%3E")}"`);
    expect(save).toContain('aria-label="Save DALL·E to favorites"');

    const [, menu, saved] = (await renderParts(about, new URL("http://localhost/about"), holes, { personal: reader }))!;
    expect(menu!.replaceAll("<!-- -->", "")).toContain("Account menu for Zoë &lt;Reader&gt;");
    expect(saved).toContain('aria-label="Remove DALL·E from favorites"');
  });

  it("declines an address its routes do not match (the page is then rendered in full)", async () => {
    expect(await renderParts(about, new URL("http://localhost/tools"), [{ name: "return-address", props: {} }], { personal: anonymous })).toBeNull();
  });
});
