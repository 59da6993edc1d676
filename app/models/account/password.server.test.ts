import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password.server";

const LIST = readFileSync(new URL("./common-passwords/passwords.txt", import.meta.url), "utf8")
  .split("\n")
  .filter(Boolean);

/** `count` entries spread evenly over the list (the same every run), from the most common to the rarest. */
function sample(entries: string[], count: number) {
  return Array.from({ length: count }, (_, index) => entries[Math.floor((index * entries.length) / count)]!);
}

describe("passwordProblem", () => {
  it("accepts 8 to 128 characters that are not common", () => {
    expect(passwordProblem("violet-lantern")).toBeNull();
    expect(passwordProblem("violet-lantern-42-river")).toBeNull();
    expect(passwordProblem("k7#Rv2!q")).toBeNull();
    expect(passwordProblem("Zq9!".repeat(32))).toBeNull();
  });
  it("refuses lengths outside 8..128", () => {
    expect(passwordProblem("a1b2c3d")).toBe("passwordTooShort");
    expect(passwordProblem("")).toBe("passwordTooShort");
    expect(passwordProblem("x".repeat(129))).toBe("passwordTooLong");
  });
  it.each(["password", "Password123", "12345678", "QWERTYUIOP", "iloveyou", "aaaaaaaaaa", "abcdefghij", "98765432", "1q2w3e4r", "a1b2c3d4"])(
    "refuses the common %s",
    (password) => {
      expect(passwordProblem(password)).toBe("passwordTooCommon");
    },
  );
  it.each(["monkey123", "P@ssw0rd123", "qwerty123!", "Dragon2024!", "$unshine99", "chatgpt2024", "AIToolsAtlas1"])(
    "refuses %s, a common word with the usual changes",
    (password) => {
      expect(passwordProblem(password)).toBe("passwordTooCommon");
    },
  );
  it("refuses the email address or its local part", () => {
    expect(passwordProblem("jane.doe@example.com", "jane.doe@example.com")).toBe("passwordTooCommon");
    expect(passwordProblem("Jane.Doe", "jane.doe@example.com")).toBe("passwordTooCommon");
  });
});

describe("the list of common passwords", () => {
  it("holds well over the 3,000 most common passwords of OWASP ASVS 6.2.4, one per line, lower case", () => {
    expect(LIST.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(LIST).size).toBe(LIST.length);
    expect(LIST.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
    expect(LIST.filter((entry) => entry !== entry.toLowerCase())).toEqual([]);
  });
  it.each(
    sample(
      LIST.filter((entry) => entry.length >= 8 && entry.length <= 128),
      50,
    ),
  )("refuses %s from the list, in any case", (entry) => {
    expect(isCommonPassword(entry)).toBe(true);
    expect(passwordProblem(entry)).toBe("passwordTooCommon");
    expect(passwordProblem(entry.toUpperCase())).toBe("passwordTooCommon");
  });
  it.each(
    sample(
      LIST.filter((entry) => /^[a-z]{4,7}$/.test(entry)),
      20,
    ),
  )("refuses %s with digits and a symbol added", (entry) => {
    expect(passwordProblem(`${entry[0]!.toUpperCase()}${entry.slice(1)}2024!`)).toBe("passwordTooCommon");
  });
});
