import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { MAX_TOOL_SCREENSHOTS, SCREENSHOT_ALT_MAX, SCREENSHOT_CAPTION_MAX, SCREENSHOT_MIN, SCREENSHOT_PROVIDER_LABELS, SCREENSHOT_PROVIDERS } from "~/lib/tool/screenshots";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { addScreenshotWrite, deleteScreenshotWrite, describeScreenshotWrite, moveScreenshotWrite } from "~/models/tool/screenshot-writes.server";
import { getScreenshotEditor } from "~/models/tool/screenshots.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.screenshots.slug";

/**
 * One tool's screenshots (issue 29, decision 048): up to six, each with alt text and an optional caption, in the order
 * the tool page's gallery shows them. Every form posts without JavaScript; the image goes through the review images'
 * checks (re-encoded, no metadata) and the tool page shows a change at once.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const editor = await getScreenshotEditor(args.params.slug);
  if (!editor) throw notFound("page");
  return editor;
}

/** The trail goes through the list that links here; /admin/screenshots alone is no page. */
export const handle = {
  cache: "personal",
  crumbs: (data: unknown) => {
    const tool = (data as { tool?: { slug: string; name: string } } | undefined)?.tool;
    return tool
      ? [
          { label: "Home", href: "/" },
          { label: "Admin", href: "/admin" },
          { label: "Prices and deals", href: "/admin/prices" },
          { label: `${tool.name} screenshots`, href: `/admin/screenshots/${tool.slug}` },
        ]
      : undefined;
  },
} satisfies RouteHandle;

export function action(args: Route.ActionArgs) {
  const slug = args.params.slug;
  // Without JavaScript a success comes back here by GET, so reloading the page does not post the file again.
  const options = { urlFields: { slug }, redirect: { when: "without-script" as const, to: () => `/admin/screenshots/${encodeURIComponent(slug)}` } };
  return formWrite(
    args,
    {
      add: { spec: addScreenshotWrite, options },
      describe: { spec: describeScreenshotWrite, options },
      move: { spec: moveScreenshotWrite, options },
      delete: { spec: deleteScreenshotWrite, options },
    },
    { tooLarge: { message: "imageTooLarge", field: "file" } },
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${loaderData?.tool.name ?? "Tool"}: screenshots`,
    description: "Add, describe, reorder and delete a tool's screenshots.",
    path: `/admin/screenshots/${loaderData?.tool.slug ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

type Shot = Route.ComponentProps["loaderData"]["screenshots"][number];

/** A small form of hidden fields and one button (move, delete). */
function ActionButton({
  intent,
  id,
  label,
  name,
  move,
  disabled,
  variant = "outline",
}: {
  intent: string;
  id: number;
  label: string;
  name: string;
  move?: string;
  disabled: boolean;
  variant?: "outline" | "destructive";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {move && <input type="hidden" name="move" value={move} />}
      <Button type="submit" size="sm" variant={variant} disabled={disabled}>
        {label}
        <span className="sr-only">: {name}</span>
      </Button>
    </Form>
  );
}

function ScreenshotCard({ shot, index, count, reply, busy }: { shot: Shot; index: number; count: number; reply: Reply | undefined; busy: boolean }) {
  // A refused edit of this screenshot shows what was typed and why.
  const refused = reply && !reply.ok && reply.intent === "describe" && reply.values?.id === String(shot.id) ? reply : undefined;
  const values = refused?.values ?? { alt: shot.alt, caption: shot.caption ?? "" };
  const name = `screenshot ${index + 1}`;
  return (
    <li className="grid content-start gap-3 rounded-lg border p-3" data-screenshot={shot.id}>
      <a href={shot.url} className="block overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-ring">
        <img src={shot.thumbUrl} width={shot.thumbWidth} height={shot.thumbHeight} alt={shot.alt} className="aspect-[16/10] h-auto w-full bg-muted object-cover object-top" />
        <span className="sr-only"> (full size)</span>
      </a>
      <p className="text-xs text-muted-foreground">
        No. {index + 1} · {shot.width}×{shot.height} px · added {formatDateTimeUtc(shot.addedAt)} by {shot.uploaderEmail ?? "a deleted account"}
      </p>
      <Form method="post" className="grid gap-3" key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="describe" />
        <input type="hidden" name="id" value={shot.id} />
        <Field id={`alt-${shot.id}`} name="alt" label="Alt text" required maxLength={SCREENSHOT_ALT_MAX} defaultValue={values.alt} error={refused?.fieldErrors?.alt} />
        <TextareaField
          id={`caption-${shot.id}`}
          name="caption"
          label="Caption (optional)"
          rows={2}
          maxLength={SCREENSHOT_CAPTION_MAX}
          defaultValue={values.caption}
          error={refused?.fieldErrors?.caption}
        />
        <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={busy}>
          Save<span className="sr-only">: {name}</span>
        </Button>
      </Form>
      <div className="flex flex-wrap gap-2">
        <ActionButton intent="move" move="up" id={shot.id} label="Move up" name={name} disabled={busy || index === 0} />
        <ActionButton intent="move" move="down" id={shot.id} label="Move down" name={name} disabled={busy || index === count - 1} />
        <ActionButton intent="delete" id={shot.id} label="Delete" name={name} disabled={busy} variant="destructive" />
      </div>
    </li>
  );
}

function AddForm({ count, reply, busy }: { count: number; reply: Reply | undefined; busy: boolean }) {
  const refused = reply && !reply.ok && reply.intent === "add" ? reply : undefined;
  const values = refused?.values ?? {};
  // A refused file names no field of its own in the reply's list (the image checks answer with the whole message).
  const fileError = refused?.fieldErrors?.file ?? (refused?.field === "file" ? refused.toast.description : undefined);
  // A new key empties the form once the screenshot is in the gallery (with JavaScript the page does not reload).
  return (
    <Form method="post" encType="multipart/form-data" className="mt-4 grid max-w-xl gap-4" key={`${count}:${JSON.stringify(values)}`}>
      <input type="hidden" name="intent" value="add" />
      <Field
        id="screenshot-file"
        name="file"
        type="file"
        label="Image"
        required
        accept="image/jpeg,image/png,image/gif,image/webp"
        hint={`JPEG, PNG, GIF or WebP, at most 5MB, at least ${SCREENSHOT_MIN.width}×${SCREENSHOT_MIN.height} pixels and no more than ${SCREENSHOT_MIN.maxAspect} times as wide as high (or high as wide). It is re-encoded and its metadata (camera, place, software) removed.`}
        error={fileError}
        className="[&_input]:h-auto"
      />
      <Field
        id="screenshot-alt"
        name="alt"
        label="Alt text"
        required
        maxLength={SCREENSHOT_ALT_MAX}
        defaultValue={values.alt}
        hint="What the screenshot shows, for readers who cannot see it."
        error={refused?.fieldErrors?.alt}
      />
      <TextareaField
        id="screenshot-caption"
        name="caption"
        label="Caption (optional)"
        rows={2}
        maxLength={SCREENSHOT_CAPTION_MAX}
        defaultValue={values.caption}
        hint="Shown under the screenshot on the tool page."
        error={refused?.fieldErrors?.caption}
      />
      {/* Who made the image: the tool page says so under it (decision 063). */}
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-medium">Who made it</legend>
        {SCREENSHOT_PROVIDERS.map((provider) => (
          <label key={provider} className="flex items-center gap-2">
            <input type="radio" name="providedBy" value={provider} defaultChecked={(values.providedBy ?? "editors") === provider} />
            {provider === "editors" ? "Our editors took it" : "The maker supplied it"} (shown as &ldquo;by {SCREENSHOT_PROVIDER_LABELS[provider]}&rdquo;)
          </label>
        ))}
        {refused?.fieldErrors?.providedBy && <p className="text-destructive">{refused.fieldErrors.providedBy}</p>}
      </fieldset>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        Add screenshot
      </Button>
    </Form>
  );
}

export default function AdminScreenshots({ loaderData }: Route.ComponentProps) {
  const { tool, screenshots } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="min-w-0">
      <p className="text-sm">
        <Link to="/admin/prices" className="text-muted-foreground underline-offset-4 hover:underline">
          Prices and deals
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight">Screenshots of {tool.name}</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Up to {MAX_TOOL_SCREENSHOTS} screenshots you made of the product, shown in this order in the gallery of{" "}
        <a href={`/tools/${tool.slug}`} className="text-primary underline underline-offset-4">
          its page
        </a>{" "}
        as soon as you save. Every change is in the audit log.
      </p>
      <ResultMessage result={reply} className="mt-4" />

      <section aria-labelledby="gallery-heading" className="mt-6">
        <h2 id="gallery-heading" className="text-lg font-semibold">
          In the gallery ({screenshots.length} of {MAX_TOOL_SCREENSHOTS})
        </h2>
        {screenshots.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">None yet: the tool page shows no gallery until one is added.</p>
        ) : (
          <ol className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {screenshots.map((shot, index) => (
              <ScreenshotCard key={shot.id} shot={shot} index={index} count={screenshots.length} reply={reply} busy={busy} />
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="add-heading" className="mt-10">
        <h2 id="add-heading" className="text-lg font-semibold">
          Add a screenshot
        </h2>
        {screenshots.length < MAX_TOOL_SCREENSHOTS ? (
          <AddForm count={screenshots.length} reply={reply} busy={busy} />
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">The gallery is full: delete a screenshot to add another.</p>
        )}
      </section>
    </main>
  );
}
