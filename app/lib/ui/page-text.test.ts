import { describe, expect, it } from "vitest";
import { pageTextMark, textOf } from "./page-text";

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
});
