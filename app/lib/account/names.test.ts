import { describe, expect, it } from "vitest";
import { tooManyAttempts } from "../messages";
import { initialsOf, splitFullName, usernameFromFullName } from "./names";

describe("usernameFromFullName (spec §5: lowercase, whitespace to underscores)", () => {
  it.each([
    ["Jane Doe", "jane_doe"],
    ["  Jane   Q  Doe ", "jane_q_doe"],
    ["José García", "jos_garca"],
    ["Al", "aluser"],
    ["x".repeat(40), "x".repeat(30)],
  ])("%j -> %j", (name, username) => {
    expect(usernameFromFullName(name)).toBe(username);
  });
});

describe("initialsOf (spec §2.10: two uppercase initials)", () => {
  it.each([
    ["Jane Doe", "JD"],
    ["jane q doe", "JD"],
    ["Madonna", "MA"],
    ["", "?"],
  ])("%j -> %j", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it.each([
    ["Figma (Figma AI)", "FF"],
    ["Looka", "L"],
    ["Canva (Magic Studio)", "CM"],
    ["!!!", "AI"],
  ])("first-two style for logos: %j -> %j", (name, initials) => {
    expect(initialsOf(name, { style: "first-two", fallback: "AI" })).toBe(initials);
  });
});

describe("tooManyAttempts", () => {
  it("names the wait in seconds, or minutes when long", () => {
    expect(tooManyAttempts(1).description).toBe("Please wait 1 second and try again.");
    expect(tooManyAttempts(8).description).toBe("Please wait 8 seconds and try again.");
    expect(tooManyAttempts(600).description).toBe("Please wait 10 minutes and try again.");
  });
});

describe("splitFullName", () => {
  it.each([
    ["Ada King Lovelace", { firstName: "Ada", lastName: "King Lovelace" }],
    ["  Tess   Harbour ", { firstName: "Tess", lastName: "Harbour" }],
    ["Cher", { firstName: "Cher", lastName: "" }],
    ["", { firstName: "", lastName: "" }],
  ])("%j", (name, parts) => expect(splitFullName(name)).toEqual(parts));
});
