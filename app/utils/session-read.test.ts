import { makeSignature } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { verifiedToken } from "./session-read.server";

const SECRET = "a-secret-only-this-test-knows";

/** A session cookie's value as Better Auth sets it: the token, a dot, its signature under the secret, URL-encoded. */
const cookieOf = async (token: string, secret = SECRET) => encodeURIComponent(`${token}.${await makeSignature(token, secret)}`);

describe("verifiedToken (decision 072)", () => {
  it("accepts Better Auth's own signature of a token, and only under the secret it was made with", async () => {
    const cookie = await cookieOf("tok3nWith-Some_chars");
    expect(verifiedToken(cookie, SECRET)).toBe("tok3nWith-Some_chars");
    expect(verifiedToken(`"${cookie}"`, SECRET)).toBe("tok3nWith-Some_chars");
    expect(verifiedToken(cookie, "another-secret")).toBeNull();
    expect(verifiedToken(await cookieOf("tok3nWith-Some_chars", "another-secret"), SECRET)).toBeNull();
  });

  it("refuses a changed token, a changed signature, and a signature spelled other than better-call reads it", async () => {
    const token = "abc";
    const signature = await makeSignature(token, SECRET);
    expect(verifiedToken(encodeURIComponent(`abd.${signature}`), SECRET)).toBeNull();
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(verifiedToken(encodeURIComponent(`${token}.${flipped}`), SECRET)).toBeNull();
    // The same bytes in base64url, or without the padding: better-call refuses both.
    for (const token of ["a", "b", "c", "d", "e", "f", "g", "h"]) {
      const plain = await makeSignature(token, SECRET);
      if (/[+/]/.test(plain)) expect(verifiedToken(encodeURIComponent(`${token}.${plain.replaceAll("+", "-").replaceAll("/", "_")}`), SECRET)).toBeNull();
      expect(verifiedToken(encodeURIComponent(`${token}.${plain.slice(0, -1)}`), SECRET)).toBeNull();
    }
    expect(verifiedToken(encodeURIComponent(`.${signature}`), SECRET)).toBeNull();
    expect(verifiedToken(encodeURIComponent(token), SECRET)).toBeNull();
    expect(verifiedToken("%E0%A4%A", SECRET)).toBeNull();
  });
});
