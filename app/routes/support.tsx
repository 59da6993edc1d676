import type { RouteHandle } from "~/lib/route-handle";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ContactForm } from "~/components/contact/contact-form";
import { JsonLd } from "~/components/json-ld";
import { webPageJsonLd } from "~/components/static-page";
import { useSiteUrl } from "~/components/use-site-url";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { CATALOGUE, tagPage } from "~/utils/cache.server";
import type { Route } from "./+types/support";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export function loader() {
  tagPage(...CATALOGUE);
  return null;
}

const DESCRIPTION = `Help with ${SITE_NAME}: finding and comparing tools, your account, reviews, saved articles, the newsletter and your data, and how to reach the editors.`;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Help and Support", description: DESCRIPTION, path: "/support", siteUrl: siteUrlOf(matches) });
}

type Topic = { id: string; title: string; answers: { question: string; answer: ReactNode }[] };

const link = (to: string, text: string) => (
  <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
    {text}
  </Link>
);

const TOPICS: Topic[] = [
  {
    id: "finding-tools",
    title: "Finding and comparing tools",
    answers: [
      {
        question: "How do I find a tool for a job?",
        answer: (
          <>
            Search or filter {link("/tools", "the directory")} by category, price and capability, or browse {link("/resources/ai-tools-comparison-matrix", "the capability matrix")}
            .
          </>
        ),
      },
      {
        question: "Can I compare tools side by side?",
        answer: <>Pick up to four in {link("/tools/comparison", "Tool Comparison")}; the result can be shared as a link or exported as CSV or PDF.</>,
      },
      {
        question: "A listing is wrong or out of date.",
        answer: (
          <>
            Tell us below which tool and what changed. Every listing says where its prices came from and whether an editor has confirmed them; what readers report is looked at
            first.
          </>
        ),
      },
    ],
  },
  {
    id: "account",
    title: "Your account",
    answers: [
      {
        question: "I did not get the confirmation or reset email.",
        answer: <>Check your spam folder, then ask for a new one from {link("/auth?tab=forgot", "the sign-in page")}; we send at most one a minute to an address.</>,
      },
      {
        question: "I am told to wait before signing in.",
        answer: <>After several wrong passwords sign-in pauses for a while. A password reset by email lets your own device in at once.</>,
      },
      {
        question: "How do I change my name, password or picture?",
        answer: (
          <>
            In {link("/profile", "your profile")} (name, username, picture) and {link("/settings", "Account Settings")} (password, other devices, your data).
          </>
        ),
      },
    ],
  },
  {
    id: "reviews",
    title: "Reviews and saved items",
    answers: [
      {
        question: "How do I write or edit a review?",
        answer: <>Open the tool's page and use Write a Review; writing again edits your review. You can add up to three images.</>,
      },
      {
        question: "Where are the tools and articles I saved?",
        answer: (
          <>
            Tools in {link("/favorites", "your favourites")}, articles in {link("/dashboard/bookmarks", "saved articles")}. Articles saved before signing in join your account when
            you sign in on that device.
          </>
        ),
      },
    ],
  },
  {
    id: "newsletter-and-data",
    title: "Newsletter, privacy and your data",
    answers: [
      {
        question: "How do I stop the newsletter?",
        answer: <>Use the one-click unsubscribe link in any newsletter email, or read {link("/newsletter/unsubscribe", "how to unsubscribe")}.</>,
      },
      {
        question: "How do I download or delete my data?",
        answer: (
          <>
            In {link("/settings", "Account Settings")}: Download my data gives you a file of everything in your account, and Delete my account removes it. The{" "}
            {link("/privacy", "privacy policy")} lists what we keep.
          </>
        ),
      },
      {
        question: "Why do some links go through /go/?",
        answer: <>Those are links to the tools' own sites; some earn us a commission, which never changes a rating. {link("/affiliate-disclosure", "How we make money")}.</>,
      },
    ],
  },
];

export default function SupportPage() {
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd data={webPageJsonLd({ name: "Help and Support", description: DESCRIPTION, path: "/support", siteUrl, dateModified: "2026-11-23" })} />
      <h1 className="text-3xl font-bold tracking-tight">Help and Support</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">Answers to common questions. Nothing here helps? Write to the editors below.</p>
      <nav aria-label="Help topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a href={`#${topic.id}`} className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
                {topic.title}
              </a>
            </li>
          ))}
          <li>
            <a href="#write-to-us" className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
              Write to us
            </a>
          </li>
        </ul>
      </nav>
      <div className="mt-8 grid gap-10">
        {TOPICS.map((topic) => (
          <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-heading`} className="scroll-mt-24">
            <h2 id={`${topic.id}-heading`} className="text-xl font-semibold">
              {topic.title}
            </h2>
            <dl className="mt-4 grid gap-4 md:grid-cols-2">
              {topic.answers.map((item) => (
                <div key={item.question} className="rounded-lg border p-4">
                  <dt className="font-medium">{item.question}</dt>
                  <dd className="mt-1 text-sm text-muted-foreground">{item.answer}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section id="write-to-us" aria-labelledby="write-to-us-heading" className="scroll-mt-24 rounded-xl border p-6">
          <h2 id="write-to-us-heading" className="text-xl font-semibold">
            Write to us
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">The same form as on {link("/contact", "the contact page")}; your message reaches the editors.</p>
          <div className="mt-4">
            <ContactForm />
          </div>
        </section>
      </div>
    </main>
  );
}
