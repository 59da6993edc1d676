import { describe, expect, it } from "vitest";
import { inPageMark, inPageValue, mapInPage, pageTextMark, textOf } from "./page-text";

describe("page texts", () => {
  it("gives the server's render the text behind a mark, and a serialised mark none", () => {
    const mark = pageTextMark("Drafts and edits text.");
    expect(textOf(mark)).toBe("Drafts and edits text.");
    expect(textOf("A text as it is")).toBe("A text as it is");
    expect(Object.keys(mark)).toEqual(["inPage"]);
    const serialised = JSON.parse(JSON.stringify({ description: mark }));
    expect(serialised).toEqual({ description: { inPage: true } });
    expect(textOf(serialised.description)).toBeUndefined();
  });

  it("keeps whole sections the same way, and maps structured data of them only where the value is at hand", () => {
    const sections = [{ question: "Is it free?", answer: "Yes." }];
    const mark = inPageMark(sections);
    expect(inPageValue(mark)).toBe(sections);
    expect(inPageValue(sections)).toBe(sections);
    const serialised = JSON.parse(JSON.stringify({ faqs: mark })).faqs;
    expect(inPageValue(serialised)).toBeUndefined();
    // A value that merely has an `inPage` field beside others is a value, not a mark.
    expect(inPageValue({ inPage: true, other: 1 })).toEqual({ inPage: true, other: 1 });
    const count = (items: typeof sections) => items.length;
    expect(mapInPage(mark, count)).toBe(1);
    expect(mapInPage(serialised, count)).toBe(serialised);
  });
});
