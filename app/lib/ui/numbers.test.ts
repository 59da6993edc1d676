import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { formatNumber } from "./numbers";

describe("formatNumber", () => {
  it("writes numbers as en-US does, the same as toLocaleString did", () => {
    for (const value of [0, 1, 12, 999, 1000, 9999, 10000, 54321, 100000, 999999, 1234567, 12345678, -7, -2500, -1234567, 0.5, 12.3456, 1234.5678, 2 ** 53, 1e21]) {
      // eslint-disable-next-line no-restricted-syntax -- the reference the formatter must equal
      expect(formatNumber(value)).toBe(value.toLocaleString("en-US"));
    }
    expect(formatNumber(100000)).toBe("100,000");
  });

  it("is the only way the site formats: the lint rule refuses toLocaleString in app/ and server/, not in tests", async () => {
    const eslint = new ESLint();
    const code = 'export const a = (1234).toLocaleString("en-US");\nexport const b = new Date(0).toLocaleDateString("en-GB");\n';
    const ruleIds = async (filePath: string) => (await eslint.lintText(code, { filePath }))[0]!.messages.map((message) => message.ruleId);
    expect(await ruleIds("app/components/a/counts.tsx")).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
    expect(await ruleIds("server/counts.ts")).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
    expect(await ruleIds("app/routes/counts.tsx")).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
    expect(await ruleIds("tests/integration/counts.test.ts")).toEqual([]);
  });
});
