import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Honeypot } from "~/components/ui/form-parts";
import { showMessage, useReplyToast } from "~/components/ui/toast";
import { cn } from "~/lib/ui/cn";
import type { NewsletterSource } from "~/lib/newsletter/newsletter";
import type { Reply } from "~/lib/reply";

type Props = {
  /** Which box this is (stored with the subscriber). */
  source: NewsletterSource;
  /** The reply when /newsletter rendered the result of a post made without JavaScript. */
  reply?: Reply;
  /** Stack the fields (narrow boxes) rather than lay them out in a row. */
  stacked?: boolean;
  className?: string;
};

/**
 * Every newsletter box of the site: one form posting to /newsletter (decision 016). With JavaScript it answers in
 * place (a fetcher on app pages, app/enhance/newsletter.ts on reading pages, which reads the answer from the
 * /newsletter page the post returns: its box is `data-newsletter-reply`); without, the browser goes to /newsletter,
 * which shows the same answer and keeps what was typed.
 */
export function NewsletterForm({ source, reply: pageReply, stacked = false, className }: Props) {
  const fetcher = useFetcher<Reply>();
  // One box per source on a page: its fields' ids are the same in every answer.
  const id = `newsletter-${source}`;
  const reply = fetcher.data ?? pageReply;
  useReplyToast(fetcher.data);
  const busy = fetcher.state !== "idle";

  if (reply?.ok) {
    return (
      <p
        role="status"
        data-newsletter-reply={pageReply ? "" : undefined}
        className={cn("rounded-md border border-emerald-600/40 bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100", className)}
      >
        Thanks for subscribing! Check your inbox soon.
      </p>
    );
  }
  const errors = reply?.fieldErrors ?? {};
  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      data-newsletter={source}
      data-newsletter-reply={pageReply ? "" : undefined}
      className={cn("relative grid gap-3", !stacked && "sm:grid-cols-[1fr_1fr_auto] sm:items-end", className)}
      onSubmit={(event) => {
        const email = new FormData(event.currentTarget).get("email");
        if (typeof email === "string" && email.trim() === "") {
          event.preventDefault();
          showMessage("emailRequired");
        }
      }}
    >
      <input type="hidden" name="source" value={source} />
      <Field
        id={`${id}-email`}
        name="email"
        type="email"
        label="Email address"
        placeholder="you@example.com"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={reply?.values?.email}
        error={errors.email}
      />
      <Field id={`${id}-name`} name="name" label="Your name (optional)" autoComplete="given-name" maxLength={80} defaultValue={reply?.values?.name} error={errors.name} />
      <Honeypot id={`${id}-company`} />
      <Button type="submit" disabled={busy}>
        {busy ? "Subscribing..." : "Subscribe"}
      </Button>
      {/* Always there (hidden while empty), so the enhancement script can fill it in place. */}
      <p role="alert" hidden={!reply || reply.ok} className={cn("text-sm text-destructive", !stacked && "sm:col-span-3")}>
        {reply && !reply.ok && (
          <>
            <span className="font-semibold">{reply.toast.title}</span>
            {reply.toast.description && `: ${reply.toast.description}`}
          </>
        )}
      </p>
      <p className={cn("text-xs text-muted-foreground", !stacked && "sm:col-span-3")}>We send a confirmation link first; every email has a one-click unsubscribe.</p>
    </fetcher.Form>
  );
}
