import { describe, expect, it } from "vitest";
import { hasControlCharacters, readableSearchParams, readableText } from "./readable-text";

describe("readableText", () => {
  it("removes NUL, ESC, DEL and the C1 controls, and keeps the text around them", () => {
    expect(readableText("/e\u0000")).toBe("/e");
    expect(readableText("chat\u0000gpt")).toBe("chatgpt");
    expect(readableText("\u0007\u001b[31mred\u007f")).toBe("[31mred");
    expect(readableText("a\u0080b\u009fc")).toBe("abc");
  });

  it("turns tabs and line breaks into a space, so the words they separated stay apart", () => {
    expect(readableText("image\tgen")).toBe("image gen");
    expect(readableText("a\r\n\u000b\u000cb\u0085c")).toBe("a b c");
    // Removing the tab would make a protocol-relative address of it.
    expect(readableText("/\t/evil.example")).toBe("/ /evil.example");
  });

  it("leaves readable text as it is, every script and emoji included", () => {
    for (const text of ["", "ChatGPT", "Bolt.new", "日本語 テキスト", "café ñ", "👩‍💻 🇫🇷", "a\u00a0b", "\u200b"]) expect(readableText(text)).toBe(text);
  });

  it("replaces half a surrogate pair, which no database text holds", () => {
    expect(readableText("a\ud800b")).toBe("a\ufffdb");
  });

  it("says whether a text holds a control character", () => {
    expect([hasControlCharacters("a\u0000"), hasControlCharacters("a\u009b"), hasControlCharacters("a b é")]).toEqual([true, true, false]);
  });
});

describe("readableSearchParams", () => {
  it("cleans every parameter's name and value, keeping their order and repeats", () => {
    const clean = readableSearchParams(new URLSearchParams("q=%2Fe%00&page=1%00&pricing=free&pricing=pa%07id&so%00rt=name"));
    expect(clean?.toString()).toBe("q=%2Fe&page=1&pricing=free&pricing=paid&sort=name");
  });

  it("answers null when every parameter is readable, so a clean address is never rewritten", () => {
    expect(readableSearchParams(new URLSearchParams("q=chat+gpt&tab=tools&x=%E2%9C%93"))).toBeNull();
    expect(readableSearchParams(new URLSearchParams(""))).toBeNull();
  });
});
