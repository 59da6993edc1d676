import { describe, expect, it } from "vitest";
import { findParts } from "./find-parts";
import { joinPieces, piecesFor } from "./pieces";

/** A part's mark as React writes it: the props JSON attribute-escaped. */
const part = (name: string, props: string, inner: string) => `<page-part data-part="${name}" data-props="${props}">${inner}</page-part>`;
// Text with characters React escapes in attributes and of two and four UTF-8 bytes: offsets in the text are not offsets in the bytes.
const page = (parts: string, tail = "") => `<!DOCTYPE html><html><head><title>Café 🚀</title></head><body><h1>Café 🚀</h1>${parts}<p>ünïcode</p>${tail}</body></html>`;
const cut = (html: string, kinds: ("personal" | "address")[] = ["personal"]) => {
  const found = findParts(html);
  return found && piecesFor(Buffer.from(html), html, found, kinds);
};
const SAVE_PROPS = "{&quot;slug&quot;:&quot;dall-e&quot;,&quot;name&quot;:&quot;DALL·E &amp; Co&#x27;s 🚀&quot;}";

describe("a kept page's parts, found by the HTML parser and cut once", () => {
  it("finds each part with the props React wrote (decoded by the parser), and joins the reader's HTML between the page's own bytes", () => {
    const html = page(`${part("account-menu", "{}", '<a href="/auth">Sign In</a>')}<div>${part("save-tool", SAVE_PROPS, "<button>Save</button>")}</div>`);
    const pieces = cut(html)!;
    expect(pieces.holes).toEqual([
      { name: "account-menu", props: {} },
      { name: "save-tool", props: { slug: "dall-e", name: "DALL·E & Co's 🚀" } },
    ]);
    const filled = joinPieces(pieces, ['<a href="/profile">Zoë</a>', "<button>Remove</button>"], "<script>{}</script>").toString("utf8");
    expect(filled).toBe(
      page(`${part("account-menu", "{}", '<a href="/profile">Zoë</a>')}<div>${part("save-tool", SAVE_PROPS, "<button>Remove</button>")}</div>`, "<script>{}</script>"),
    );
  });

  it("cuts around the parts of the fill's kinds only: an address part is the page's own bytes for a reader, and a personal part inside it is cut", () => {
    const html = page(
      part("search-results", "{}", `<ul><li>${part("save-tool", SAVE_PROPS, "<button>Save</button>")}</li></ul>`) +
        part("header-search", "{&quot;id&quot;:&quot;h&quot;}", "<form></form>"),
    );
    expect(cut(html)!.holes.map((hole) => hole.name)).toEqual(["save-tool"]);
    // Every part, for another address: the save button is inside the results, which are rendered with it.
    expect(cut(html, ["personal", "address"])).toBeNull();
    const shell = page(part("search-results", "{}", "") + part("header-search", "{&quot;id&quot;:&quot;h&quot;}", "<form></form>"));
    expect(cut(shell, ["personal", "address"])!.holes.map((hole) => hole.name)).toEqual(["search-results", "header-search"]);
  });

  it("reads a mark only where the parser sees an element: never in a script, a comment or an attribute", () => {
    const fake = part("account-menu", "{}", "x");
    const html = page(
      part("account-menu", "{}", "y"),
      `<script>var s = '${fake}';</script><!-- ${fake} --><textarea>${fake}</textarea><div title="${fake.replaceAll('"', "&quot;").replaceAll("<", "&lt;")}"></div>`,
    );
    expect(cut(html)!.holes).toEqual([{ name: "account-menu", props: {} }]);
  });

  it("declines a page with a part this build does not know, props that are no JSON object, a part the parser closes itself, or no </body>", () => {
    expect(findParts(page(part("wallet", "{}", "…")))).toBeNull();
    expect(findParts(page(part("account-menu", "{not json", "x")))).toBeNull();
    expect(findParts(page(part("account-menu", "[1]", "x")))).toBeNull();
    expect(findParts(page('<page-part data-part="account-menu" data-props="{}"><p>x'))).toBeNull();
    expect(findParts(`<p>${part("account-menu", "{}", "x")}</p>`)).toBeNull();
  });

  it("declines a part to fill inside another (the outer one's render would hold it), and a fill with another number of parts", () => {
    expect(cut(page(part("account-menu", "{}", part("account-menu", "{}", "x"))))).toBeNull();
    const pieces = cut(page(part("account-menu", "{}", "x")))!;
    expect(() => joinPieces(pieces, [], "")).toThrow(/1 parts to fill; 0 were rendered/);
  });
});
