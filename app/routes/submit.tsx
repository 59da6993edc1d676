import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { SubmissionFields } from "~/components/submission/submission-fields";
import { Button } from "~/components/ui/button";
import { Honeypot, ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "~/lib/submission/submissions";
import type { Duplicate } from "~/models/submission/queries.server";
import { listOwnSubmissions } from "~/models/account/profile.server";
import { listCategoryChoices } from "~/models/submission/queries.server";
import { submitToolWrite } from "~/models/submission/writes.server";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import { signInPath, viewerOf } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/submit";

export const handle = { cache: "shared" } satisfies RouteHandle;

/**
 * /submit (issue 19): a signed-in reader proposes a tool for the directory; strangers are asked to sign in and come
 * back here. A stored submission goes to /submit?sent=1 (so a reload does not post twice), which confirms it.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = viewerOf(args, { use: "page" });
  if (!viewer) {
    // The same page for every stranger: kept by the page cache.
    tagPage(...CATALOGUE);
    return { signedIn: false as const, signInHref: signInPath("/submit"), signUpHref: `/auth?tab=signup&redirectTo=${encodeURIComponent("/submit")}` };
  }
  const sent = new URL(args.request.url).searchParams.get("sent") === "1";
  const [categories, latest] = await Promise.all([listCategoryChoices(), sent ? listOwnSubmissions(viewer.id).then((rows) => rows[0] ?? null) : null]);
  return { signedIn: true as const, categories, sent: latest && { name: latest.name, status: latest.status as SubmissionStatus } };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { submit: { spec: submitToolWrite, options: { redirect: { when: "always", to: () => "/submit?sent=1" } } } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Submit a Tool",
    description: `Made or love an AI tool that ${SITE_NAME} does not list yet? Submit it: an editor reviews every submission and you hear back by email.`,
    path: "/submit",
    siteUrl: siteUrlOf(matches),
  });
}

function DuplicateNotice({ duplicate }: { duplicate: Duplicate }) {
  if (duplicate.kind !== "listed") return null;
  return (
    <p className="text-sm">
      It is listed as{" "}
      <Link to={`/tools/${duplicate.slug}`} className="font-medium text-primary underline underline-offset-2">
        {duplicate.name}
      </Link>
      . To correct that listing,{" "}
      <Link to="/contact" className="underline underline-offset-2">
        write to the editors
      </Link>
      .
    </p>
  );
}

export default function SubmitPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply<{ duplicate?: Duplicate }> | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Submit a Tool</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Tell us about an AI tool we do not list yet. An editor checks every submission; approved tools are listed as community submissions, and you hear back by email either way.
      </p>

      {!loaderData.signedIn ? (
        <section aria-labelledby="sign-in-heading" className="mt-8 rounded-xl border bg-card p-6">
          <h2 id="sign-in-heading" className="text-lg font-semibold">
            Sign in to submit a tool
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">We ask for an account so that we can tell you the outcome and you can follow your submissions on your profile.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild>
              <Link to={loaderData.signInHref}>Sign in</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={loaderData.signUpHref}>Create an account</Link>
            </Button>
          </div>
        </section>
      ) : loaderData.sent ? (
        <section
          aria-labelledby="sent-heading"
          role="status"
          className="mt-8 rounded-xl border border-emerald-600/40 bg-emerald-50 p-6 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50"
        >
          <h2 id="sent-heading" className="text-lg font-semibold">
            Thank you: {loaderData.sent.name} is submitted
          </h2>
          <p className="mt-2 text-sm">
            Status: {SUBMISSION_STATUS_LABELS[loaderData.sent.status]}. An editor will review it, usually within a few working days, and we will email you the outcome.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/profile#submissions">See my submissions</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/submit">Submit another tool</Link>
            </Button>
          </div>
        </section>
      ) : (
        <Form method="post" className="relative mt-8 grid gap-5">
          <input type="hidden" name="intent" value="submit" />
          <ResultMessage result={reply} />
          {reply?.data?.duplicate && <DuplicateNotice duplicate={reply.data.duplicate} />}
          <SubmissionFields categories={loaderData.categories} values={reply && !reply.ok ? (reply.values ?? {}) : {}} errors={reply?.fieldErrors} askMakerRole />
          <Honeypot id="submit-company" />
          <p className="text-xs text-muted-foreground">We may shorten or correct what you write before publishing. Ratings are left to readers and our editors.</p>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Submitting..." : "Submit tool"}
            </Button>
          </div>
        </Form>
      )}
    </main>
  );
}
