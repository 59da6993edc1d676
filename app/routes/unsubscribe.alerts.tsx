import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { readerOfUnsubscribeToken } from "~/models/alerts/unsubscribe.server";
import { alertsUnsubscribeWrite } from "~/models/alerts/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/unsubscribe.alerts";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** What each list is, in the page's words. */
const LIST_NAMES = { alerts: "emails about the tools you watch", digest: "the weekly digest", shortlists: "emails about your shortlists" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { link: "none" as const };
  const reader = await readerOfUnsubscribeToken(token.slice(0, 300));
  if (!reader) return { link: "invalid" as const };
  return { link: "valid" as const, email: reader.email, list: reader.list, already: reader.off };
}

/**
 * The page's button and the one-click POST of RFC 8058 (a mail program posts `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address, without any session) both turn the list off; opening the link alone does not, since
 * mail scanners follow links.
 */
export function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  return formWrite(args, { unsubscribe: { spec: alertsUnsubscribeWrite, options: { urlFields: { token } } } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Unsubscribe from tool alerts",
    description: "Stop the emails about tools you watch, or the weekly digest.",
    path: "/unsubscribe/alerts",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function UnsubscribeAlerts({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">Unsubscribe from tool alerts</h1>
      {reply ? (
        <ResultMessage result={reply} className="mt-6" />
      ) : loaderData.link === "valid" ? (
        loaderData.already ? (
          <p className="mt-6 text-muted-foreground">
            {loaderData.email} no longer receives {LIST_NAMES[loaderData.list]}.
          </p>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <p className="text-muted-foreground">
              Stop sending {LIST_NAMES[loaderData.list]} to {loaderData.email}?
            </p>
            <Button type="submit" disabled={busy}>
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        )
      ) : (
        <div className="mt-6 space-y-3 text-muted-foreground">
          {loaderData.link === "invalid" && <p className="font-medium text-destructive">This unsubscribe link is not valid.</p>}
          <p>
            Every alert and digest email ends with an unsubscribe link that works with one click. Signed in, you can turn both off, and stop watching tools, in{" "}
            <Link to="/settings" className="underline underline-offset-2">
              your settings
            </Link>
            .
          </p>
        </div>
      )}
    </main>
  );
}
