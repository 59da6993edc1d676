import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData } from "react-router";
import { SubmissionFields, type SubmissionValues } from "~/components/submission/submission-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { utcTime } from "~/lib/submission/submission-text";
import { MAKER_ROLE_LABELS, SUBMISSION_LIMITS as L, SUBMISSION_STATUS_LABELS, slugFromName, type MakerRole, type SubmissionStatus } from "~/lib/submission/submissions";
import { getSubmission, listCategoryChoices, type Duplicate } from "~/models/submission/queries.server";
import { approveSubmissionWrite, rejectSubmissionWrite, saveSubmissionWrite } from "~/models/submission/writes.server";
import { requireRole } from "~/utils/guards.server";
import { idField } from "~/utils/input.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.submissions.id";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** One submission: the editor corrects its fields, then approves it (it is listed at once) or rejects it with a reason. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = idField.safeParse(args.params.id);
  if (!id.success) throw notFound("page");
  const [detail, categories] = await Promise.all([getSubmission(id.data), listCategoryChoices()]);
  if (!detail) throw notFound("page");
  return { detail, categories };
}

export function action(args: Route.ActionArgs) {
  const urlFields = { id: args.params.id };
  return formWrite(args, {
    save: { spec: saveSubmissionWrite, options: { urlFields } },
    approve: { spec: approveSubmissionWrite, options: { urlFields } },
    reject: { spec: rejectSubmissionWrite, options: { urlFields } },
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.detail.submission.name ?? "Submission";
  return pageMeta({
    title: `${name}: submission`,
    description: "A tool proposed by a maker or reader.",
    path: `/admin/submissions/${loaderData?.detail.submission.id ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

function DuplicateWarning({ duplicate }: { duplicate: Duplicate | null }) {
  if (!duplicate) return null;
  return (
    <p role="note" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      {duplicate.kind === "listed" ? (
        <>
          This website is already listed as{" "}
          <Link to={`/tools/${duplicate.slug}`} className="font-medium underline underline-offset-2">
            {duplicate.name}
          </Link>
          : approving is refused until the website differs.
        </>
      ) : (
        "Another submission of this website is pending or approved."
      )}
    </p>
  );
}

export default function AdminSubmission({ loaderData }: Route.ComponentProps) {
  const { detail, categories } = loaderData;
  const { submission } = detail;
  const reply = useActionData<typeof action>() as Reply<{ duplicate?: Duplicate }> | undefined;
  const status = submission.status as SubmissionStatus;
  const typed = reply && !reply.ok ? reply.values : undefined;
  const editIntent = reply?.intent === "save" || reply?.intent === "approve";
  const stored: SubmissionValues = {
    name: submission.name,
    websiteUrl: submission.websiteUrl,
    categorySlug: submission.categorySlug,
    tagline: submission.tagline,
    description: submission.description,
    pricingText: submission.pricingText,
    pricingModel: submission.pricingModel,
    hasFreeTrial: String(submission.hasFreeTrial),
    slug: slugFromName(submission.name),
  };
  // A refused save or approval shows what the editor typed (an unticked box is not sent, so it reads as unticked).
  const values: SubmissionValues = typed && editIntent ? { ...typed, hasFreeTrial: typed.hasFreeTrial ?? "false" } : stored;
  return (
    <main id="main" className="min-w-0">
      <p className="text-sm">
        <Link to="/admin/submissions" className="text-muted-foreground underline-offset-4 hover:underline">
          Submissions
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{submission.name}</h1>
        <Badge variant={status === "approved" ? "success" : status === "rejected" ? "outline" : "warning"}>{SUBMISSION_STATUS_LABELS[status]}</Badge>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Submitted by</dt>
        <dd className="break-all">
          {detail.submitterName} ({detail.submitterEmail})
        </dd>
        <dt className="text-muted-foreground">Relation</dt>
        <dd>{MAKER_ROLE_LABELS[submission.makerRole as MakerRole]}</dd>
        <dt className="text-muted-foreground">Submitted</dt>
        <dd>{utcTime(submission.createdAt)}</dd>
        {submission.reviewedAt && (
          <>
            <dt className="text-muted-foreground">Reviewed</dt>
            <dd className="break-all">
              {utcTime(submission.reviewedAt)}
              {detail.reviewerEmail ? ` by ${detail.reviewerEmail}` : ""}
            </dd>
          </>
        )}
        {submission.rejectionReason && (
          <>
            <dt className="text-muted-foreground">Reason</dt>
            <dd className="whitespace-pre-line">{submission.rejectionReason}</dd>
          </>
        )}
        {detail.toolSlug && (
          <>
            <dt className="text-muted-foreground">Listing</dt>
            <dd>
              <Link to={`/tools/${detail.toolSlug}`} className="text-primary underline underline-offset-2">
                /tools/{detail.toolSlug}
              </Link>
            </dd>
          </>
        )}
      </dl>

      {reply && <ResultMessage result={reply} className="mt-4" />}

      {status === "pending" ? (
        <div className="mt-6 grid gap-10 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="edit-heading">
            <h2 id="edit-heading" className="text-lg font-semibold">
              Review and approve
            </h2>
            <Form method="post" className="mt-3 grid max-w-2xl gap-5">
              <DuplicateWarning duplicate={detail.duplicate} />
              <SubmissionFields categories={categories} values={values} errors={editIntent ? reply?.fieldErrors : undefined} />
              <Field
                id="submission-slug"
                name="slug"
                label="Page address (slug)"
                maxLength={L.slug.max}
                defaultValue={values.slug}
                error={editIntent ? reply?.fieldErrors?.slug : undefined}
                hint="The tool's page will be /tools/<slug>. Used when approving."
              />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="approve">
                  Approve and publish
                </Button>
                <Button type="submit" name="intent" value="save" variant="outline">
                  Save changes
                </Button>
              </div>
            </Form>
          </section>
          <section aria-labelledby="reject-heading">
            <h2 id="reject-heading" className="text-lg font-semibold">
              Reject
            </h2>
            <Form method="post" className="mt-3 grid gap-4">
              <input type="hidden" name="intent" value="reject" />
              <TextareaField
                id="submission-reason"
                name="reason"
                label="Reason (emailed to the submitter)"
                rows={5}
                required
                minLength={L.reason.min}
                maxLength={L.reason.max}
                defaultValue={reply?.intent === "reject" ? typed?.reason : undefined}
                error={reply?.intent === "reject" ? reply.fieldErrors?.reason : undefined}
              />
              <Button type="submit" variant="destructive" className="justify-self-start">
                Reject submission
              </Button>
            </Form>
          </section>
        </div>
      ) : (
        <section aria-labelledby="fields-heading" className="mt-6 max-w-2xl">
          <h2 id="fields-heading" className="text-lg font-semibold">
            As submitted{status === "approved" ? " and approved" : ""}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            {(
              [
                ["Website", submission.websiteUrl],
                ["Category", categories.find((category) => category.slug === submission.categorySlug)?.name ?? submission.categorySlug],
                ["Short description", submission.tagline],
                ["Description", submission.description],
                ["Pricing", `${submission.pricingText} (${submission.pricingModel}${submission.hasFreeTrial ? ", free trial" : ""})`],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="whitespace-pre-line break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </main>
  );
}
