import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { subscriberOfUnsubscribeToken } from "~/models/newsletter/subscriptions.server";
import { unsubscribeWrite } from "~/models/newsletter/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/newsletter.unsubscribe";

export const handle = { cache: "personal" } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { link: "none" as const };
  const subscriber = await subscriberOfUnsubscribeToken(token.slice(0, 300));
  if (!subscriber) return { link: "invalid" as const };
  return { link: "valid" as const, email: subscriber.email, already: Boolean(subscriber.unsubscribedAt) };
}

/**
 * The page's button and the one-click POST of RFC 8058 (a mail program posts `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address) both unsubscribe; opening the link alone does not.
 */
export function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  return formWrite(args, { unsubscribe: { spec: unsubscribeWrite, options: { urlFields: { token } } } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving our newsletter.",
    path: "/newsletter/unsubscribe",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">Unsubscribe from the newsletter</h1>
      {reply ? (
        <ResultMessage result={reply} className="mt-6" />
      ) : loaderData.link === "valid" ? (
        loaderData.already ? (
          <p className="mt-6 text-muted-foreground">{loaderData.email} is already unsubscribed. You will not receive the newsletter.</p>
        ) : (
          <Form method="post" className="mt-6 space-y-4">
            <p className="text-muted-foreground">Stop sending the newsletter to {loaderData.email}?</p>
            <Button type="submit" disabled={busy}>
              {busy ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        )
      ) : (
        <div className="mt-6 space-y-3 text-muted-foreground">
          {loaderData.link === "invalid" && <p className="font-medium text-destructive">This unsubscribe link is not valid.</p>}
          <p>
            Every newsletter email ends with an unsubscribe link that works with one click; mail programs that support it also show their own Unsubscribe button next to the sender.
          </p>
          <p>
            No email at hand?{" "}
            <Link to="/contact" className="underline underline-offset-2">
              Write to us
            </Link>{" "}
            from the address you subscribed with and we will remove it.
          </p>
        </div>
      )}
    </main>
  );
}
