import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import { contentDates, datesProblems, firstCommitDates } from "./content-dates.server";

/**
 * Issue 26, 'dates are real': no date a reader sees in content/ may precede the day its file was written (its first
 * commit), and none may be in the future. The history part needs git and a full clone; without them it is skipped
 * and the test name says why. The future part always runs.
 */

const root = path.resolve(".");
const today = new Date().toISOString().slice(0, 10);
const dates = contentDates(path.join(root, "content"), root);
const history = firstCommitDates(root, ["content", "app/routes"]);
const gitInstalled = !spawnSync("git", ["--version"]).error;

describe("the checker", () => {
  it("reports a date before its file's first commit and a date in the future, but not a deal's end date", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "content-dates-"));
    mkdirSync(path.join(dir, "content/posts"), { recursive: true });
    mkdirSync(path.join(dir, "content/reviews"), { recursive: true });
    writeFileSync(path.join(dir, "content/posts/a.md"), "---\nslug: a\npublished: 2025-01-22\nlastReviewed: 2026-11-23\n---\nBody\n");
    writeFileSync(path.join(dir, "content/reviews/b.json"), JSON.stringify({ publishedAt: "2026-11-23", sourcesReadAt: "2999-01-01" }));
    writeFileSync(path.join(dir, "content/deals.json"), JSON.stringify([{ expiryDate: "2999-12-31", lastChecked: "2026-11-23" }]));
    const found = contentDates(path.join(dir, "content"), dir);
    expect(found).toEqual(
      expect.arrayContaining([
        { file: "content/posts/a.md", field: "published", date: "2025-01-22" },
        { file: "content/reviews/b.json", field: "sourcesReadAt", date: "2999-01-01" },
        { file: "content/deals.json", field: "[0].expiryDate", date: "2999-12-31" },
      ]),
    );
    const written = new Map([
      ["content/posts/a.md", "2026-11-23"],
      ["content/reviews/b.json", "2026-11-23"],
      ["content/deals.json", "2026-11-23"],
    ]);
    expect(datesProblems(found, written, "2026-11-26")).toEqual([
      "content/posts/a.md: published 2025-01-22 is before the file was first committed (2026-11-23): use that day or a later real change",
      "content/reviews/b.json: sourcesReadAt 2999-01-01 is in the future (today is 2026-11-26)",
    ]);
    // Without history only the future is checked.
    expect(datesProblems(found, new Map(), "2026-11-26")).toEqual([expect.stringContaining("sourcesReadAt 2999-01-01 is in the future")]);
  });

  it.skipIf(!gitInstalled)("reads first commits from a repository by author date, following a rename, and says when there is no history", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "content-history-"));
    expect(firstCommitDates(dir, ["content"])).toEqual({ available: false, reason: "not a git repository (no history to compare with)" });
    const git = (date: string, ...args: string[]) => {
      const result = spawnSync("git", args, {
        cwd: dir,
        encoding: "utf8",
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: `${date}T12:00:00Z`,
          GIT_COMMITTER_DATE: `${date}T12:00:00Z`,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@example.com",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@example.com",
        },
      });
      expect(result.status, result.stderr).toBe(0);
    };
    git("2026-01-01", "init", "-q");
    mkdirSync(path.join(dir, "content/posts"), { recursive: true });
    writeFileSync(
      path.join(dir, "content/posts/old-name.md"),
      "---\nslug: old-name\npublished: 2026-01-01\n---\nA body long enough to be recognised as the same file after a rename.\n",
    );
    git("2026-01-01", "add", ".");
    git("2026-01-01", "commit", "-qm", "add");
    git("2026-03-01", "mv", "content/posts/old-name.md", "content/posts/new-name.md");
    writeFileSync(path.join(dir, "content/other.json"), "[]");
    git("2026-03-01", "add", ".");
    git("2026-03-01", "commit", "-qm", "rename and add");
    const history = firstCommitDates(dir, ["content"]);
    expect(history).toEqual({
      available: true,
      firstCommits: new Map([
        ["content/other.json", "2026-03-01"],
        ["content/posts/old-name.md", "2026-01-01"],
        ["content/posts/new-name.md", "2026-01-01"],
      ]),
    });
  });
});

describe("the site's content", () => {
  it("has dates to check: articles, reviews, tools, courses and deals", () => {
    const files = new Set(dates.map((entry) => entry.file.split("/")[1]));
    for (const kind of ["posts", "reviews", "tools", "courses", "deals.json"]) expect(files.has(kind), kind).toBe(true);
  });

  it("has no date in the future (always checked)", () => {
    expect(datesProblems(dates, new Map(), today)).toEqual([]);
  });

  it.skipIf(!history.available)(`has no date before its file's first commit${history.available ? "" : ` (skipped: ${history.reason})`}`, () => {
    if (!history.available) return;
    expect(datesProblems(dates, history.firstCommits, today)).toEqual([]);
    // Every committed content file was found in the history (a file the log missed would go unchecked).
    const unknown = [...new Set(dates.map((entry) => entry.file))].filter((file) => !history.firstCommits.has(file) && isCommitted(file));
    expect(unknown).toEqual([]);
  });

  it.skipIf(!history.available)(`dates each legal page's 'Last updated' on or after the page was written${history.available ? "" : ` (skipped: ${history.reason})`}`, () => {
    if (!history.available) return;
    for (const [page, updated] of Object.entries(DOCUMENT_UPDATED)) {
      const written = history.firstCommits.get(`app/routes${page}.tsx`);
      expect(written, page).toBeDefined();
      expect(updated >= written!, `${page}: ${updated} before ${written}`).toBe(true);
      expect(updated <= today, page).toBe(true);
    }
  });
});

/** Whether git tracks the file (a new, uncommitted file has no first commit yet and is checked only for the future). */
function isCommitted(file: string): boolean {
  tracked ??= new Set(spawnSync("git", ["ls-files", "content"], { cwd: root, encoding: "utf8" }).stdout.split("\n").filter(Boolean));
  return tracked.has(file);
}
let tracked: Set<string> | undefined;
