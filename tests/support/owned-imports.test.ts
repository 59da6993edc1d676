import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * The job queue's library has one owner (decision 065), as the Node-to-web stream helper has (issue 40): the lint rule
 * refuses the import everywhere else, and lets the owner have it.
 */
describe("imports with one owner (eslint.config.js)", () => {
  const eslint = new ESLint({ cwd: projectRoot });
  const problems = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((result) =>
      result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message),
    );
  const queue = 'import { PgBoss } from "pg-boss";\nexport const queue = PgBoss;\n';
  const streams = 'import { createReadableStreamFromReadable } from "@react-router/node";\nexport const web = createReadableStreamFromReadable;\n';

  it("refuses pg-boss outside app/utils/job-queue.server.ts, naming the way to do it", async () => {
    expect(await problems("app/models/link-health/job.server.ts", queue)).toEqual([expect.stringContaining("defineJob")]);
    expect(await problems("server/app.ts", queue)).toHaveLength(1);
    expect(await problems("app/utils/job-queue.server.ts", queue)).toEqual([]);
  });

  it("keeps each owner's rule in the other's file", async () => {
    expect(await problems("app/utils/job-queue.server.ts", streams)).toEqual([expect.stringContaining("webReadableOf")]);
    expect(await problems("app/utils/web-streams.server.ts", streams)).toEqual([]);
    expect(await problems("app/utils/web-streams.server.ts", queue)).toHaveLength(1);
  });
});
