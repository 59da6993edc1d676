import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { confirmSubscriptionWrite } from "~/models/newsletter/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/newsletter.confirm";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { hasToken: Boolean(new URL(request.url).searchParams.get("token")) };
}

/**
 * The link only opens this page; the button confirms. Mail scanners that open every link in a message then
 * cannot subscribe someone who never asked.
 */
export function action(args: Route.ActionArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  return formWrite(args, { confirm: { spec: confirmSubscriptionWrite, options: { urlFields: { token } } } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your subscription to our newsletter.",
    path: "/newsletter/confirm",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function ConfirmSubscription({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">Confirm your subscription</h1>
      {reply ? (
        <ResultMessage result={reply} className="mt-6" />
      ) : loaderData.hasToken ? (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-muted-foreground">One click and you get the next issue we send, each with a one-click unsubscribe. Every past issue is on the newsletter page.</p>
          <Button type="submit" disabled={busy}>
            {busy ? "Confirming..." : "Confirm my subscription"}
          </Button>
        </Form>
      ) : (
        <p className="mt-6 text-muted-foreground">Open the link from the email we sent you to confirm.</p>
      )}
      <p className="mt-8 text-sm">
        <Link to="/newsletter" className="underline underline-offset-2">
          About the newsletter
        </Link>
      </p>
    </main>
  );
}
