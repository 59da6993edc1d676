import type { RouteHandle } from "~/lib/route-handle";
import { Form, useActionData } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { ROLES } from "~/lib/account/roles";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listStaff } from "~/models/admin/roles.server";
import { setRoleWrite } from "~/models/admin/writes.server";
import { requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.roles";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The owner's page: who is an editor or owner, and a form to change any account's role (audited). */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "owner");
  return { staff: await listStaff(), viewerId: viewer.id };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { role: { spec: setRoleWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Roles", description: "Who may moderate and who owns the site.", path: "/admin/roles", siteUrl: siteUrlOf(matches), noindex: true });
}

const ROLE_TEXT = {
  reader: "Reader: an ordinary account.",
  editor: "Editor: moderation, submissions, inbox and link health.",
  owner: "Owner: everything, including roles, the audit log and search-engine submission.",
} as const;

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const typed = reply && !reply.ok ? reply.values : undefined;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Roles</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Addresses in OWNER_EMAILS are made owners again at every start. You cannot change your own role here; another owner or <code>npm run user:role</code> can.
      </p>

      <section aria-labelledby="staff-heading" className="mt-6">
        <h2 id="staff-heading" className="text-lg font-semibold">
          Editors and owners
        </h2>
        <AdminTable
          caption="Editors and owners, owners first"
          rows={loaderData.staff}
          rowKey={(member) => member.id}
          rowData={(member) => ({ "data-staff-email": member.email })}
          columns={[
            {
              header: "Name",
              cell: (member) => (
                <>
                  {member.name}
                  {member.id === loaderData.viewerId && <span className="text-muted-foreground"> (you)</span>}
                </>
              ),
            },
            { header: "Email", cellClassName: "break-all", cell: (member) => member.email },
            { header: "Role", cellClassName: "capitalize", cell: (member) => member.role },
          ]}
          empty="No account is an editor or owner."
          className="mt-3"
        />
      </section>

      <section aria-labelledby="change-heading" className="mt-8 max-w-md">
        <h2 id="change-heading" className="text-lg font-semibold">
          Change a role
        </h2>
        <Form method="post" className="mt-3 grid gap-4">
          <ResultMessage result={reply} />
          <input type="hidden" name="intent" value="role" />
          <Field id="role-email" name="email" type="email" label="Account email" required autoComplete="off" defaultValue={typed?.email} error={reply?.fieldErrors?.email} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Role</legend>
            {ROLES.map((role) => (
              <label key={role} className="flex items-start gap-2 text-sm">
                <input type="radio" name="role" value={role} defaultChecked={(typed?.role ?? "editor") === role} className="mt-1" />
                <span>{ROLE_TEXT[role]}</span>
              </label>
            ))}
            {reply?.fieldErrors?.role && <p className="text-sm font-medium text-destructive">{reply.fieldErrors.role}</p>}
          </fieldset>
          <Button type="submit" className="justify-self-start">
            Save role
          </Button>
        </Form>
      </section>
    </main>
  );
}
