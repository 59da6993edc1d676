import { data } from "react-router";

/**
 * What a loader throws when the thing its URL names does not exist. The root
 * error boundary renders the not-found page for `kind` (a tool, a category, a task, a
 * comparison pair, a course category or platform, or any other page), with a real 404 status and `noindex`.
 */
export type NotFoundKind = "page" | "tool" | "category" | "task" | "pair" | "post" | "blog-category" | "course-category" | "alternatives";
/** What the not-found page may suggest instead (an unknown article offers three popular ones, an unknown tool or task the nearest names). */
export type NotFoundSuggestion = { href: string; title: string; excerpt: string };
export type NotFoundData = { kind: NotFoundKind; slug?: string; suggestions?: NotFoundSuggestion[] };

export function notFound(kind: NotFoundKind, slug?: string, suggestions?: NotFoundSuggestion[]) {
  return data<NotFoundData>({ kind, slug, suggestions }, { status: 404 });
}
