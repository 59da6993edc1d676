import { describe, expect, it } from "vitest";
import { passwordForms } from "./password-forms";

describe("passwordForms", () => {
  it("looks up the lower-cased password, without its trailing digits and symbols", () => {
    expect(passwordForms("Qwerty123!")).toEqual(expect.arrayContaining(["qwerty123!", "qwerty"]));
    expect(passwordForms("monkey123")).toEqual(expect.arrayContaining(["monkey123", "monkey"]));
  });
  it("reads look-alike digits and symbols back as letters, before and after taking off the ending", () => {
    expect(passwordForms("P@ssw0rd123")).toEqual(expect.arrayContaining(["p@ssw0rd123", "p@ssw0rd", "password"]));
    expect(passwordForms("hell0")).toContain("hello");
    expect(passwordForms("$3cr3tagent")).toContain("secretagent");
    // 1 reads as i or l.
    expect(passwordForms("1ightn1ng")).toEqual(expect.arrayContaining(["iightning", "lightnlng"]));
  });
  it("keeps shortened forms only from 4 characters", () => {
    expect(passwordForms("abc12345")).not.toContain("abc");
    expect(passwordForms("12345678!")).not.toContain("");
    expect(passwordForms("zoo!!!!!")).toEqual(["zoo!!!!!"]);
    expect(passwordForms("zoom!!!!")).toEqual(["zoom!!!!", "zoom"]);
  });
});
