import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const makeRole = (app: TestApp, user: User, role: string) => app.query("update users set role = $1 where email = $2", [role, user.email]);
const text = (response: Response) => response.text();

/** The admin area's frame (issue 19): who may open what, and the owner's role changes with their audit rows. */
describeEachBackend("the admin area", (app) => {
  let reader: User;
  let editor: User;
  let owner: User;
  beforeAll(async () => {
    [reader, editor, owner] = await Promise.all([
      createVerifiedUser(app, { name: "Ada Reader" }),
      createVerifiedUser(app, { name: "Eddie Editor" }),
      createVerifiedUser(app, { name: "Olive Owner" }),
    ]);
    await makeRole(app, editor, "editor");
    await makeRole(app, owner, "owner");
  });

  it("sends a stranger to sign in and shows a reader the not-found page, never a hint that it exists", async () => {
    const anonymous = await get(app, "/admin");
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fadmin"]);
    for (const path of ["/admin", "/admin/roles", "/admin/audit"]) {
      const response = await get(app, path, reader.cookie);
      expect(response.status, path).toBe(404);
      expect(await text(response), path).not.toContain("Admin sections");
    }
    const attempt = await post(app, "/admin/roles", { intent: "role", email: reader.email, role: "owner" }, { cookie: reader.cookie });
    expect(attempt.status).toBe(404);
    expect(await app.query("select role from users where email = $1", [reader.email])).toEqual([{ role: "reader" }]);
  });

  it("lets an editor open the dashboard with its counts, but not the owner's pages", async () => {
    const dashboard = await get(app, "/admin", editor.cookie);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get("cache-control")).toContain("no-store");
    const body = await text(dashboard);
    expect(body).toContain('<meta name="robots" content="noindex, follow"/>');
    for (const label of ["Open reports", "Proofs of use", "Unread messages", "New subscribers", "Outbound clicks"]) expect(body).toContain(label);
    expect(body).not.toContain('href="/admin/roles"');
    for (const path of ["/admin/roles", "/admin/audit"]) expect((await get(app, path, editor.cookie)).status, path).toBe(404);
    const attempt = await post(app, "/admin/roles", { intent: "role", email: reader.email, role: "editor" }, { cookie: editor.cookie });
    expect(attempt.status).toBe(404);
  });

  it("lets the owner change a role, records who did it with the role before and after, and refuses mistakes in words", async () => {
    const roles = await get(app, "/admin/roles", owner.cookie);
    expect(roles.status).toBe(200);
    expect(await text(roles)).toContain(`data-staff-email="${editor.email}"`);

    const change = await post(app, "/admin/roles", { intent: "role", email: reader.email.toUpperCase(), role: "editor" }, { cookie: owner.cookie });
    expect(change.status).toBe(200);
    expect(await text(change)).toContain("Role changed");
    expect(await app.query("select role from users where email = $1", [reader.email])).toEqual([{ role: "editor" }]);
    // The new role holds from the account's next request.
    expect((await get(app, "/admin", reader.cookie)).status).toBe(200);

    const [row] = await app.query<{ actor_email: string; action: string; before: unknown; after: unknown }>(
      "select actor_email, action, before, after from audit_log where target_type = 'user' order by id desc limit 1",
    );
    expect(row).toEqual({ actor_email: owner.email, action: "user.role", before: { email: reader.email, role: "reader" }, after: { email: reader.email, role: "editor" } });
    const audit = await text(await get(app, "/admin/audit", owner.cookie));
    expect(audit).toContain('data-audit-action="user.role"');
    expect(audit).toContain(owner.email);

    const unknown = await post(app, "/admin/roles", { intent: "role", email: "nobody-here@example.com", role: "editor" }, { cookie: owner.cookie });
    expect(unknown.status).toBe(404);
    const unknownBody = await text(unknown);
    expect(unknownBody).toContain("No account uses this email address");
    expect(unknownBody).toContain('value="nobody-here@example.com"');
    const own = await post(app, "/admin/roles", { intent: "role", email: owner.email, role: "reader" }, { cookie: owner.cookie });
    expect([own.status, (await text(own)).includes("Not your own role")]).toEqual([409, true]);
    const badRole = await post(app, "/admin/roles", { intent: "role", email: reader.email, role: "king" }, { cookie: owner.cookie });
    expect([badRole.status, (await text(badRole)).includes("Choose reader, editor or owner")]).toEqual([400, true]);
    expect(await app.query("select count(*)::int as n from audit_log where target_type = 'user'")).toEqual([{ n: 1 }]);
  });
});
