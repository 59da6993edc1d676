import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

describe("one way to send mail (decision 032)", () => {
  it("leaves the transport to the outbox worker: every other module enqueues", () => {
    const callers = [...sources("app"), ...sources("server")].filter((file) => /\bdeliverEmail\b|\bsendMail\(/.test(readFileSync(path.join(root, file), "utf8")));
    expect(callers.sort()).toEqual(["app/utils/email.server.ts", "app/utils/outbox.server.ts"]);
  });
});
