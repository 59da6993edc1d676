import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Role } from "~/lib/account/roles";
import { requestInfoContext, type Viewer } from "./request-context";
import { requireWriteRole, type AnyWrite, type Auth } from "./write.server";

/**
 * Authorisation is declared once, by each write (`defineWrite({ auth })`), and enforced by the write path. This
 * walks every write the models export with four visitors (anonymous, reader, editor, owner) through the path's
 * role check, and holds each write to the level below, so loosening one (an admin write declared "viewer") fails.
 */
const DECLARED: Record<string, Auth> = {
  // Anyone, signed in or not: account entry points, the public forms and counters.
  signUpWrite: "anyone",
  signInWrite: "anyone",
  forgotPasswordWrite: "anyone",
  resendVerificationWrite: "anyone",
  resetPasswordWrite: "anyone",
  signOutWrite: "anyone",
  postReadWrite: "anyone",
  contactWrite: "anyone",
  subscribeWrite: "anyone",
  confirmSubscriptionWrite: "anyone",
  unsubscribeWrite: "anyone",
  alertsUnsubscribeWrite: "anyone",
  vitalsWrite: "anyone",
  themeWrite: "anyone",
  // Signed-in readers (any write not named here is held to "viewer" too): watches, follows and their email settings.
  watchWrite: "viewer",
  followWrite: "viewer",
  mailSettingsWrite: "viewer",
  // Claiming a listing (issue 45): a reader starts, checks and confirms their own claim.
  startClaimWrite: "viewer",
  checkClaimWrite: "viewer",
  confirmClaimWrite: "viewer",
  // Shortlists (issue 47): a reader's own lists; each model call also checks the list is theirs (else not found).
  createShortlistWrite: "viewer",
  renameShortlistWrite: "viewer",
  shortlistTeamSizeWrite: "viewer",
  deleteShortlistWrite: "viewer",
  addToShortlistWrite: "viewer",
  shortlistNoteWrite: "viewer",
  removeFromShortlistWrite: "viewer",
  shareShortlistWrite: "viewer",
  shortlistAlertsWrite: "viewer",
};

const modules = import.meta.glob<Record<string, unknown>>(["../models/**/*.server.ts", "!../models/**/*.test.ts"], { eager: true });

const isWrite = (value: unknown): value is AnyWrite =>
  typeof value === "object" && value !== null && "auth" in value && "run" in value && "limit" in value && "invalidates" in value;

const writes = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isWrite(value))
    .map(([name, spec]) => ({ name, file, spec: spec as AnyWrite })),
);

const VISITORS: { kind: string; role: Role | null }[] = [
  { kind: "anonymous", role: null },
  { kind: "reader", role: "reader" },
  { kind: "editor", role: "editor" },
  { kind: "owner", role: "owner" },
];

function argsAs(role: Role | null) {
  const viewer: Viewer | null = role
    ? { id: `u-${role}`, sessionId: "s", name: role, email: `${role}@example.com`, emailVerified: true, image: null, username: role, website: null, role }
    : null;
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: "n", requestId: "r", clientAddress: "127.0.0.1", viewer, setCookies: [], responseHeaders: new Headers(), document: true });
  return { request: new Request("http://localhost/admin/anything", { method: "POST" }), context };
}

/** What the role check does to a visitor: lets them on, or throws the page's answer (302 to sign in, 404). */
function outcome(auth: Auth, role: Role | null): "on" | number {
  try {
    requireWriteRole(auth, argsAs(role));
    return "on";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    // The not-found page is thrown as React Router's `data(…, { status: 404 })`.
    if (typeof thrown === "object" && thrown !== null && "init" in thrown) return (thrown as { init: { status: number } }).init.status;
    throw thrown;
  }
}

describe("every write declares who may make it", () => {
  it("finds the writes (the walk is not empty)", () => {
    expect(writes.length).toBeGreaterThan(30);
  });

  it.each(writes.map((write) => [write.name, write]))("%s", (name, { spec, file }) => {
    expect(["anyone", "viewer", "editor", "owner"], `${file} ${name}`).toContain(spec.auth);
    const expected = DECLARED[name] ?? (ADMIN_WRITES[name] as Auth | undefined) ?? "viewer";
    expect(spec.auth, `${name} (${file}) is declared "${spec.auth}"; the table here says "${expected}"`).toBe(expected);
    const results = Object.fromEntries(VISITORS.map(({ kind, role }) => [kind, outcome(spec.auth, role)]));
    if (spec.auth === "anyone" || spec.auth === "viewer") {
      // Being signed in is checked after the input is read (the visitor keeps what they typed); no role is asked.
      expect(results).toEqual({ anonymous: "on", reader: "on", editor: "on", owner: "on" });
    } else if (spec.auth === "editor") {
      expect(results).toEqual({ anonymous: 302, reader: 404, editor: "on", owner: "on" });
    } else {
      expect(results).toEqual({ anonymous: 302, reader: 404, editor: 404, owner: "on" });
    }
  });
});

describe("roles are checked in one place", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

  it("no write's module and no route action calls requireRole itself", () => {
    const found: string[] = [];
    for (const file of files("app/models").filter((name) => /\.server\.ts$/.test(name))) {
      const text = readFileSync(file, "utf8");
      if (text.includes("defineWrite(") && text.includes("requireRole(")) found.push(file);
    }
    for (const file of files("app/routes")) {
      const text = readFileSync(file, "utf8");
      const action = /export (async )?function action\([^]*?\n\}/.exec(text)?.[0] ?? "";
      if (action.includes("requireRole(")) found.push(`${file} (action)`);
    }
    expect(found).toEqual([]);
  });

  /**
   * Actions that take POST only because their protocol does, and write nothing, with the module that answers for them:
   * the MCP server's JSON-RPC (issue 46), whose every tool reads the open data.
   */
  const READ_ONLY_ACTIONS: Record<string, string> = { "app/routes/mcp.ts": "app/models/api/mcp-tools.server.ts" };

  it("every route action writes through formWrite or apiWrite (the one write path), none on its own", () => {
    const actions = files("app/routes")
      .filter((file) => !file.endsWith(".test.ts"))
      // The action's text: from its declaration to the module's next export (or its end).
      .map((file) => ({ file, action: /export (async function|function|const) action\b[^]*?(?=\nexport |$)/.exec(readFileSync(file, "utf8"))?.[0] }))
      .filter((found): found is { file: string; action: string } => found.action !== undefined);
    // Forty-odd routes write; a walk that finds none has lost its way, not proved anything.
    expect(actions.length).toBeGreaterThan(30);
    // The open data's routes write nothing: their action is the one refusal of every write (utils/open-data-api.server.ts).
    expect(actions.filter(({ action, file }) => !/\b(formWrite|apiWrite)\(|= refuseApiWrite;/.test(action) && !(file in READ_ONLY_ACTIONS)).map(({ file }) => file)).toEqual([]);
  });

  it("the actions that only read write nothing: no write path, no database, no session", () => {
    for (const [file, tools] of Object.entries(READ_ONLY_ACTIONS)) {
      for (const module of [file, tools])
        expect([module, /\b(formWrite|apiWrite|defineWrite|getDb|loadViewer|requireViewer)\(|mutations\.server/.test(readFileSync(module, "utf8"))]).toEqual([module, false]);
    }
  });
});

/** The admin area's writes (issue 19): editors moderate and read the inbox; only the owner sets roles and submits to search engines. */
const ADMIN_WRITES: Record<string, Role> = {
  setRoleWrite: "owner",
  submitUrlsWrite: "owner",
  markMessageReadWrite: "editor",
  markMessageUnreadWrite: "editor",
  markMessageRepliedWrite: "editor",
  markMessageUnrepliedWrite: "editor",
  deleteMessageWrite: "editor",
  checkLinkWrite: "editor",
  runLinkPassWrite: "editor",
  hideReviewWrite: "editor",
  restoreReviewWrite: "editor",
  deleteReviewAsEditorWrite: "editor",
  dismissReportsWrite: "editor",
  judgeProofWrite: "editor",
  removeSubscriberWrite: "editor",
  draftIssueWrite: "editor",
  saveIssueWrite: "editor",
  sendTestIssueWrite: "editor",
  scheduleIssueWrite: "editor",
  sendIssueNowWrite: "editor",
  unscheduleIssueWrite: "editor",
  deleteIssueWrite: "editor",
  saveSubmissionWrite: "editor",
  approveSubmissionWrite: "editor",
  rejectSubmissionWrite: "editor",
  confirmPricingWrite: "editor",
  confirmDealWrite: "editor",
  confirmFactWrite: "editor",
  confirmPlatformsWrite: "editor",
  savePricingWrite: "editor",
  saveAndConfirmPricingWrite: "editor",
  removePricingOverrideWrite: "editor",
  runPriceCheckWrite: "editor",
  describePolicyChangeWrite: "editor",
  addScreenshotWrite: "editor",
  describeScreenshotWrite: "editor",
  moveScreenshotWrite: "editor",
  deleteScreenshotWrite: "editor",
  // Claiming a listing (issue 45): only owners revoke a claim.
  revokeClaimWrite: "owner",
  // Makers' proposals (issue 45, decision 084): editors decide; makers propose as signed-in readers, and the model
  // refuses anyone without a verified claim of the tool.
  acceptProposalWrite: "editor",
  rejectProposalWrite: "editor",
};
