import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "@better-auth/utils/password";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { passwordHasher } from "./password-hash.server";

const standard = passwordHasher("standard");
const fast = passwordHasher("test-only-fast");

describe("password hashing (decision 094)", () => {
  it("is standard unless a test suite says otherwise", () => {
    expect(parseEnv({}).PASSWORD_HASHING).toBe("standard");
    expect(() => parseEnv({ PASSWORD_HASHING: "none" })).toThrow(/PASSWORD_HASHING/);
  });

  it("hashes at Better Auth's cost and in its form, so hashes stored before verify and ours verify with its code", async () => {
    const stored = await betterAuthHash("granite-orchard-77-sail");
    expect(await standard.verify({ hash: stored, password: "granite-orchard-77-sail" })).toBe(true);
    expect(await standard.verify({ hash: stored, password: "granite-orchard-77-saIl" })).toBe(false);
    const ours = await standard.hash("Ångström ﬁne");
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify(ours, "Ångström ﬁne")).toBe(true);
    // NFKC, as Better Auth normalizes: the ligature and its letters are one password.
    expect(await standard.verify({ hash: ours, password: "Ångström fine" })).toBe(true);
  });

  it("marks the test-only cost's hashes, and a site at the standard cost refuses them", async () => {
    const cheap = await fast.hash("granite-orchard-77-sail");
    expect(cheap).toMatch(/^test-only-fast:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await fast.verify({ hash: cheap, password: "granite-orchard-77-sail" })).toBe(true);
    expect(await fast.verify({ hash: cheap, password: "granite-orchard-77-sai" })).toBe(false);
    expect(await standard.verify({ hash: cheap, password: "granite-orchard-77-sail" })).toBe(false);
    // A standard hash still verifies on a test site (an account made before the setting).
    expect(await fast.verify({ hash: await standard.hash("x-password-1"), password: "x-password-1" })).toBe(true);
  });

  it("answers false, not an error, for a stored value that is no hash", async () => {
    for (const hash of ["", "abc", "a:b:c", "test-only-fast:", ":"]) expect(await standard.verify({ hash, password: "anything" })).toBe(false);
  });
});
