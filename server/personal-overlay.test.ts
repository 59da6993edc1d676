import { describe, expect, it } from "vitest";
import { fillParts, pagePartsOf } from "./personal-overlay";

const part = (name: string, props: string, inner: string) => `<personal-part data-part="${name}" data-props="${props}">${inner}</personal-part>`;
// A tool name with a character React escapes in attributes and one of two UTF-8 bytes, as React writes them.
const page = (parts: string) => Buffer.from(`<!DOCTYPE html><html><body><h1>Café</h1>${parts}<p>ünïcode</p></body></html>`);

describe("personal parts in a kept page", () => {
  it("finds each part and its props, and fills in the reader's HTML between the page's own bytes", () => {
    const body = page(
      `${part("account-menu", "{}", '<a href="/auth">Sign In</a>')}<div>${part("save-tool", "{&quot;slug&quot;:&quot;dall-e&quot;,&quot;name&quot;:&quot;DALL·E &amp; Co&#x27;s&quot;}", "<button>Save</button>")}</div>`,
    );
    const cut = pagePartsOf(body)!;
    expect(cut.parts).toEqual([
      { name: "account-menu", props: {} },
      { name: "save-tool", props: { slug: "dall-e", name: "DALL·E & Co's" } },
    ]);
    expect(pagePartsOf(body)).toBe(cut); // cut once per kept page
    const filled = fillParts(cut, ['<a href="/profile">Zoë</a>', "<button>Remove</button>"], {
      viewer: { name: "Zoë </script>", email: "z@example.com", image: null },
      favoriteSlugs: ["dall-e"],
      followedCategorySlugs: [],
    }).toString("utf8");
    expect(filled).toBe(
      page(
        `${part("account-menu", "{}", '<a href="/profile">Zoë</a>')}<div>${part("save-tool", "{&quot;slug&quot;:&quot;dall-e&quot;,&quot;name&quot;:&quot;DALL·E &amp; Co&#x27;s&quot;}", "<button>Remove</button>")}</div>`,
      )
        .toString("utf8")
        .replace(
          "</body>",
          '<script type="application/json" id="personal-data">{"viewer":{"name":"Zoë \\u003c/script>","email":"z@example.com","image":null},"favoriteSlugs":["dall-e"],"followedCategorySlugs":[]}</script></body>',
        ),
    );
  });

  it("declines a page with a part this build does not know, a part inside another, or no </body>", () => {
    expect(pagePartsOf(page(part("wallet", "{}", "…")))).toBeNull();
    expect(pagePartsOf(page(part("account-menu", "{}", part("account-menu", "{}", "x"))))).toBeNull();
    expect(pagePartsOf(page(part("account-menu", "{not json", "x")))).toBeNull();
    expect(pagePartsOf(Buffer.from(`<p>${part("account-menu", "{}", "x")}</p>`))).toBeNull();
  });

  it("refuses to fill a page with another number of parts than it has", () => {
    const cut = pagePartsOf(page(part("account-menu", "{}", "x")))!;
    expect(() => fillParts(cut, [], { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] })).toThrow(/1 personal parts; 0 were rendered/);
  });
});
