import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password.server";

describe("passwordProblem", () => {
  it("accepts 8 to 128 characters that are not common", () => {
    expect(passwordProblem("violet-lantern")).toBeNull();
    expect(passwordProblem("a1b2c3d4")).toBeNull();
    expect(passwordProblem("Zq9!".repeat(32))).toBeNull();
  });
  it("refuses lengths outside 8..128", () => {
    expect(passwordProblem("a1b2c3d")).toBe("passwordTooShort");
    expect(passwordProblem("")).toBe("passwordTooShort");
    expect(passwordProblem("x".repeat(129))).toBe("passwordTooLong");
  });
  it.each(["password", "Password123", "12345678", "QWERTYUIOP", "iloveyou", "aaaaaaaaaa", "abcdefghij", "98765432", "1q2w3e4r"])("refuses the common %s", (password) => {
    expect(passwordProblem(password)).toBe("passwordTooCommon");
  });
  it("refuses the email address or its local part", () => {
    expect(passwordProblem("jane.doe@example.com", "jane.doe@example.com")).toBe("passwordTooCommon");
    expect(passwordProblem("Jane.Doe", "jane.doe@example.com")).toBe("passwordTooCommon");
  });
});
