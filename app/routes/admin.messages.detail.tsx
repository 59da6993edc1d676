import type { RouteHandle } from "~/lib/route-handle";
import { useEffect, useRef } from "react";
import { Form, Link, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { mailtoHref, quotedReply, replySubject } from "~/lib/admin/mailto";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getMessage } from "~/models/contact/inbox.server";
import { deleteMessageWrite, markMessageReadWrite, markMessageRepliedWrite, markMessageUnreadWrite, markMessageUnrepliedWrite } from "~/models/contact/writes.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.messages.detail";

const idOf = (params: { id?: string }) => (/^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null);

/**
 * One message. Reading it is a GET and changes nothing (link prefetching, a browser's preloading or a mail scanner
 * following the link must not mark it read); the page marks it read with a POST once it is shown, and without
 * JavaScript the editor presses Mark read (decision 022).
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = idOf(args.params);
  const message = id ? await getMessage(id) : null;
  if (!message) throw notFound("page");
  return { message };
}

export function action(args: Route.ActionArgs) {
  const id = idOf(args.params);
  if (!id) throw notFound("page");
  const urlFields = { id: String(id) };
  const here = `/admin/messages/${id}`;
  return formWrite(args, {
    read: { spec: markMessageReadWrite, options: { urlFields, redirect: { when: "without-script", to: () => here } } },
    // Marked unread to come back to later: back to the list, as a mail client does.
    unread: { spec: markMessageUnreadWrite, options: { urlFields, redirect: { when: "always", to: () => "/admin/messages" } } },
    replied: { spec: markMessageRepliedWrite, options: { urlFields, redirect: { when: "without-script", to: () => here } } },
    unreplied: { spec: markMessageUnrepliedWrite, options: { urlFields, redirect: { when: "without-script", to: () => here } } },
    delete: { spec: deleteMessageWrite, options: { urlFields, redirect: { when: "always", to: () => "/admin/messages" } } },
  });
}

/** The trail names the message by its subject rather than its number. */
export const handle = {
  cache: "personal",
  breadcrumb: (data: unknown) => (data as { message?: { subject: string } } | undefined)?.message?.subject.slice(0, 60),
} satisfies RouteHandle;

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({ title: "Message", description: "A message sent from the contact form.", path: `/admin/messages/${params.id}`, siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const { message } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const marker = useFetcher();
  const marked = useRef<number | null>(null);
  const isUnread = !message.readAt;
  useEffect(() => {
    // Once per message shown: marking it unread afterwards leads back to the list, so it is not read again at once.
    if (!isUnread || marked.current === message.id) return;
    marked.current = message.id;
    void marker.submit({ intent: "read" }, { method: "post" });
  }, [isUnread, message.id, marker]);

  const name = `${message.firstName} ${message.lastName}`;
  const received = formatDateTimeUtc(message.createdAt);
  const replyHref = mailtoHref(message.email, { subject: replySubject(message.subject), body: quotedReply({ name, sentAt: received, message: message.message }) });
  return (
    <main id="main" className="min-w-0">
      <Link to="/admin/messages" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← All messages
      </Link>
      <article className="mt-3 rounded-xl border bg-card p-5 shadow-sm" data-message-id={message.id} data-unread={isUnread ? "true" : "false"}>
        <h1 className="break-words text-2xl font-bold tracking-tight">{message.subject}</h1>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">
            {name} &lt;{message.email}&gt;
          </dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>
            <time dateTime={new Date(message.createdAt).toISOString()}>{received}</time>
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            {isUnread ? "Unread" : `Read ${formatDateTimeUtc(message.readAt!)}`}
            {/* Since decision 032 every message is handed to the mail outbox with it, which retries until delivered; older ones may not have been. */}
            {message.emailedAt ? " · also sent to the contact address (mail outbox)" : " · not mailed (the mail server refused it)"}
          </dd>
          <dt className="text-muted-foreground">Answered</dt>
          <dd data-replied={message.repliedAt ? "true" : "false"}>{message.repliedAt ? `Marked answered ${formatDateTimeUtc(message.repliedAt)}` : "Not marked answered"}</dd>
        </dl>
        <div className="mt-5 whitespace-pre-wrap break-words border-t pt-4 leading-relaxed">{message.message}</div>
      </article>

      <ResultMessage result={reply} className="mt-4" />
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <Button asChild>
          <a href={replyHref}>Reply by email</a>
        </Button>
        <Form method="post">
          <input type="hidden" name="intent" value={isUnread ? "read" : "unread"} />
          <Button type="submit" variant="outline">
            {isUnread ? "Mark read" : "Mark unread"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={message.repliedAt ? "unreplied" : "replied"} />
          <Button type="submit" variant="outline">
            {message.repliedAt ? "Mark not answered" : "Mark answered"}
          </Button>
        </Form>
        <details className="group rounded-md">
          <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-md border border-destructive/40 px-4 text-sm font-medium text-destructive hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-ring">
            Delete…
          </summary>
          <Form method="post" className="mt-2 max-w-sm rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
            <input type="hidden" name="intent" value="delete" />
            <p>Delete this message for good? It cannot be brought back; the audit log keeps only that it was deleted.</p>
            <Button type="submit" variant="destructive" size="sm" className="mt-3">
              Delete message
            </Button>
          </Form>
        </details>
      </div>
    </main>
  );
}
