import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The dates a reader sees in content/ (issue 26: 'dates are real'). A publication, review, test, check or addition
 * date may not precede the day its file was first committed (when the content was written), and no date may be in
 * the future, except the ones that look forward by nature (a deal's end). Used by content-dates.test.ts.
 */

/** Keys whose date lies ahead by design (a deal's `expiryDate`); every other date is something that happened. */
const FORWARD_KEYS = new Set(["expiryDate"]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ContentDate = { file: string; field: string; date: string };

/** Every YYYY-MM-DD value in the JSON files and article front matter under `contentDir`, with its file (relative to `root`) and field. */
export function contentDates(contentDir: string, root = path.dirname(contentDir)): ContentDate[] {
  const found: ContentDate[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      const file = path.relative(root, full).split(path.sep).join("/");
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json")) collectJson(JSON.parse(readFileSync(full, "utf8")), file, "", found);
      else if (entry.name.endsWith(".md")) {
        const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(full, "utf8"))?.[1] ?? "";
        for (const [, field, date] of front.matchAll(/^(\w+):\s*["']?(\d{4}-\d{2}-\d{2})["']?\s*$/gm)) found.push({ file, field: field!, date: date! });
      }
    }
  };
  if (existsSync(contentDir)) walk(contentDir);
  return found;
}

function collectJson(value: unknown, file: string, field: string, found: ContentDate[]) {
  if (typeof value === "string" && ISO_DATE.test(value)) found.push({ file, field, date: value });
  else if (Array.isArray(value)) value.forEach((item, index) => collectJson(item, file, `${field}[${index}]`, found));
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) collectJson(item, file, field ? `${field}.${key}` : key, found);
}

const lastKey = (field: string) =>
  field
    .replace(/\[\d+\]/g, "")
    .split(".")
    .at(-1)!;

/**
 * The dates that break the rule: in the future (always checked), or before their file's first commit (only for files
 * `firstCommits` knows; without history the map is empty and only the future is checked).
 */
export function datesProblems(dates: ContentDate[], firstCommits: ReadonlyMap<string, string>, today: string): string[] {
  const problems: string[] = [];
  for (const { file, field, date } of dates) {
    if (FORWARD_KEYS.has(lastKey(field))) continue;
    if (date > today) problems.push(`${file}: ${field} ${date} is in the future (today is ${today})`);
    const written = firstCommits.get(file);
    if (written && date < written) problems.push(`${file}: ${field} ${date} is before the file was first committed (${written}): use that day or a later real change`);
  }
  return problems;
}

export type GitHistory = { available: true; firstCommits: Map<string, string> } | { available: false; reason: string };

/**
 * The day each file under `paths` was first committed (author date), from one `git log` over the repository at `root`.
 * Not available without git, outside a repository, or in a shallow clone (whose oldest commit would look like
 * every file's first): the caller says so and checks only what needs no history.
 */
export function firstCommitDates(root: string, paths: string[]): GitHistory {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const top = git("rev-parse", "--show-toplevel");
  if (top.error) return { available: false, reason: `git is not installed (${top.error.message})` };
  if (top.status !== 0) return { available: false, reason: "not a git repository (no history to compare with)" };
  if (git("rev-parse", "--is-shallow-repository").stdout.trim() === "true")
    return { available: false, reason: "a shallow clone: its oldest commit is not when the files were written" };
  // A renamed file keeps the day its content was first written: follow each rename back to the added file.
  const log = git("log", "-M", "--diff-filter=AR", "--format=@%as", "--name-status", "--", ...paths);
  if (log.status !== 0) return { available: false, reason: `git log failed: ${log.stderr.trim()}` };
  const prefix = path.relative(top.stdout.trim(), root).split(path.sep).join("/");
  const relative = (file: string) => (prefix && file.startsWith(`${prefix}/`) ? file.slice(prefix.length + 1) : file);
  const added = new Map<string, string>();
  const renamedFrom = new Map<string, string>();
  let day = "";
  // Newest first: the last date seen for a path is its first commit.
  for (const line of log.stdout.split("\n")) {
    if (line.startsWith("@")) day = line.slice(1);
    else if (line.startsWith("A\t")) added.set(relative(line.slice(2)), day);
    else if (line.startsWith("R")) {
      const [, from, to] = line.split("\t");
      if (from && to && !renamedFrom.has(relative(to))) renamedFrom.set(relative(to), relative(from));
    }
  }
  const firstCommits = new Map(added);
  for (const file of renamedFrom.keys()) {
    let origin = file;
    for (let hops = 0; renamedFrom.has(origin) && hops < 50; hops++) origin = renamedFrom.get(origin)!;
    const written = added.get(origin);
    if (written) firstCommits.set(file, written);
  }
  return { available: true, firstCommits };
}
