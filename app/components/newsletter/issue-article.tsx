import { Link } from "react-router";
import type { IssueItemKind } from "~/lib/newsletter/issue";
import { formatLongDate } from "~/lib/ui/dates";

export type IssueArticleData = {
  subject: string;
  introHtml: string;
  groups: { kind: IssueItemKind; heading: string; items: { key: string; title: string; text: string; path: string; date: string }[] }[];
};

/**
 * One newsletter issue as a page (decision 061): the public copy at /newsletter/<slug> and the editor's preview show
 * the same markup. The introduction is HTML from the one Markdown path (sanitised there); every item links to its page.
 */
export function IssueArticle({ issue, sentDay }: { issue: IssueArticleData; sentDay: string | null }) {
  return (
    <article className="min-w-0" data-issue>
      <header>
        <p className="text-sm text-muted-foreground">{sentDay ? `Sent on ${formatLongDate(sentDay)}` : "Not sent yet"}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight wrap-anywhere">{issue.subject}</h1>
      </header>
      {issue.introHtml && <div className="article-body mt-6" data-issue-intro dangerouslySetInnerHTML={{ __html: issue.introHtml }} />}
      {issue.groups.length === 0 && !issue.introHtml && <p className="mt-6 text-muted-foreground">This issue has nothing in it.</p>}
      {issue.groups.map((group) => (
        <section key={group.kind} aria-labelledby={`issue-${group.kind}`} className="mt-8">
          <h2 id={`issue-${group.kind}`} className="text-xl font-semibold">
            {group.heading}
          </h2>
          <ul className="mt-3 space-y-4">
            {group.items.map((item) => (
              <li key={item.key} data-issue-item={item.key}>
                <Link to={item.path} className="font-medium text-primary underline underline-offset-2 wrap-anywhere">
                  {item.title}
                </Link>
                <p className="text-muted-foreground wrap-anywhere">{item.text}</p>
                <p className="text-xs text-muted-foreground">{formatLongDate(item.date)}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
