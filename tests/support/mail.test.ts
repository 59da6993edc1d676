import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { latestLink, readOutbox } from "./mail";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-mail-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A message as nodemailer writes it, whose quoted-printable token has a line that starts with "--" like a boundary.
const message = [
  "From: AI Tools Atlas <no-reply@aitoolsatlas.example>",
  "To: reader@example.com",
  "Subject: Confirm your email for AI Tools Atlas",
  "MIME-Version: 1.0",
  "Content-Type: multipart/alternative;",
  ' boundary="--_NmP-abc-Part_1"',
  "",
  "----_NmP-abc-Part_1",
  "Content-Type: text/plain; charset=utf-8",
  "Content-Transfer-Encoding: quoted-printable",
  "",
  "Confirm my email: http://localhost:3000/auth/verify-email?=",
  "token=3DeyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6=",
  "--x9Q_z.Zm9v",
  "",
  "----_NmP-abc-Part_1",
  "Content-Type: text/html; charset=utf-8",
  "",
  "<p>html</p>",
  "----_NmP-abc-Part_1--",
  "",
].join("\n");

describe("reading the file outbox", () => {
  it("reads a link whole when one of its quoted-printable lines starts with '--'", async () => {
    mkdirSync(path.join(dataDir, "outbox"), { recursive: true });
    writeFileSync(path.join(dataDir, "outbox", "2026-11-26T00-00-00-000Z-test.eml"), message);
    const [read] = readOutbox(dataDir);
    expect(read?.subject).toBe("Confirm your email for AI Tools Atlas");
    expect(read?.text).not.toContain("<p>html</p>");
    expect(await latestLink(dataDir, "reader@example.com", "/auth/verify-email")).toBe(
      "http://localhost:3000/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6--x9Q_z.Zm9v",
    );
  });
});
