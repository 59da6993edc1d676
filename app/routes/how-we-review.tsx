import type { RouteHandle } from "~/lib/route-handle";
import { DocumentPage, TextLink, type PageSection } from "~/components/static-page";
import { DOCUMENT_UPDATED } from "~/lib/blog/document-dates";
import { RATING_WORDS } from "~/lib/words";
import { countOf } from "~/lib/ui/plural";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { getReviewPolicyFigures, HIDDEN_WINDOW_DAYS } from "~/models/review/figures.server";
import type { ReviewPolicyFigures } from "~/models/review/figures.server";
import type { Route } from "./+types/how-we-review";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

const PATH = "/how-we-review";
const LAST_UPDATED = DOCUMENT_UPDATED[PATH];
const TITLE = "How We Review AI Tools";
const DESCRIPTION = `How tools get into ${SITE_NAME}, what our reviews and ratings rest on, how reader reviews are moderated and verified, and how affiliate money is kept apart.`;

/** Every figure of the page is counted from the database at render (models/review/figures.server.ts). */
export async function loader() {
  return { figures: await getReviewPolicyFigures(), windowDays: HIDDEN_WINDOW_DAYS };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: TITLE, description: DESCRIPTION, path: PATH, siteUrl: siteUrlOf(matches) });
}

/** A figure in running text, marked so a test can read it back against the database. */
function Figure({ name, children }: { name: keyof ReviewPolicyFigures; children: string }) {
  return (
    <strong data-figure={name} className="font-semibold">
      {children}
    </strong>
  );
}

/** Who signed the reviews, as the records say: named editors only when an author of kind 'person' wrote one. */
function bylineText(f: ReviewPolicyFigures): string {
  const team = f.editorialReviews - f.namedEditorReviews;
  if (f.editorialReviews === 0) return "none is signed yet";
  if (f.namedEditorReviews === 0) return `${f.editorialReviews === 1 ? "it is" : "all are"} signed by the ${SITE_NAME} editorial team as a whole, not by a named editor`;
  if (team === 0) return `${f.editorialReviews === 1 ? "it is" : "all are"} signed by a named editor`;
  return `${f.namedEditorReviews} ${f.namedEditorReviews === 1 ? "is" : "are"} signed by a named editor and ${team} by the editorial team as a whole`;
}

function sections(f: ReviewPolicyFigures, windowDays: number): PageSection[] {
  return [
    {
      id: "how-tools-get-in",
      title: "How tools get into the directory",
      body: (
        <>
          <p>
            The directory lists <Figure name="tools">{countOf(f.tools, "tool")}</Figure>. <Figure name="editorialTools">{countOf(f.editorialTools, "tool")}</Figure> come from our
            editors: each is an entry they wrote from the vendor&apos;s own site (its description, plans and prices, capabilities and platforms) and keep in our content files.{" "}
            <Figure name="communityTools">{countOf(f.communityTools, "tool")}</Figure> came from makers and readers through the <TextLink to="/submit">submission form</TextLink>:
            an editor checks each submission and corrects it before approving it, and the page says it is a community submission.
          </p>
          <p>No one pays to be listed, and listing a tool does not mean we recommend it.</p>
        </>
      ),
    },
    {
      id: "editorial-reviews",
      title: "What an in-depth review involves",
      body: (
        <>
          <p>
            We have published <Figure name="editorialReviews">{countOf(f.editorialReviews, "in-depth review")}</Figure>; {bylineText(f)}. A review is written from the vendor&apos;s
            documentation, its pricing page and its other public materials (help centre, changelog, published terms), and names those sources. It describes what the tool does, who
            it suits, its plans and their limits, its strengths and its weaknesses, and gives a verdict. A review says it was tested hands-on only when the test is recorded with
            who did it and when; otherwise it says what it is based on.
          </p>
          <p>Tools without an in-depth review show the facts of their catalogue entry and say plainly that we have not reviewed them yet.</p>
        </>
      ),
    },
    {
      id: "our-rating",
      title: "What our rating means",
      body: (
        <>
          <p>
            Our rating is a score out of 5 that comes with an in-depth review and sums it up: how well the tool does what it claims, how easy it is to use, what it offers for the
            price, and the support and documentation behind it. The review shows that breakdown beside the score. A tool we have not reviewed has no rating of ours: it shows &quot;
            {RATING_WORDS.notReviewed}&quot; instead, never a number.
          </p>
          <p>
            Readers&apos; ratings are a separate figure: the average of the published ratings readers gave, always shown with how many there are, or &quot;
            {RATING_WORDS.noRatings}&quot;. We never mix the two, and the structured data search engines read carries readers&apos; ratings only when there is at least one.
          </p>
          <p>{RATING_WORDS.sortRule}</p>
        </>
      ),
    },
    {
      id: "reader-reviews",
      title: "How reader reviews are moderated",
      body: (
        <>
          <p>
            Readers have published <Figure name="publishedReviews">{countOf(f.publishedReviews, "written review")}</Figure> and{" "}
            <Figure name="publishedRatings">{countOf(f.publishedRatings, "rating")}</Figure> in all (a rating can come without a written review). Every review is published in full
            as its author wrote it, whatever its rating: we do not hold back, shorten or reorder reviews because they are negative, and nobody can pay to remove one.
          </p>
          <p>
            Anyone can report a review. An editor hides a review only when it breaks our rules: spam or advertising, a fake review, abuse, or a review that is not about the tool. A
            hidden review leaves the page and the ratings; its author still sees it, marked as hidden. In the last {windowDays} days editors hid{" "}
            <Figure name="hiddenLast90Days">{countOf(f.hiddenLast90Days, "review")}</Figure> that remain hidden and deleted{" "}
            <Figure name="deletedLast90Days">{countOf(f.deletedLast90Days, "review")}</Figure>.
          </p>
        </>
      ),
    },
    {
      id: "verified-users",
      title: "What “Verified user” means",
      body: (
        <p>
          A reviewer can send our editors a private screenshot of their account or invoice for the tool. An editor looks at it and, if it shows the reviewer uses the tool, marks
          the review &quot;Verified user&quot;. The screenshot is never published and is deleted as soon as it has been judged.{" "}
          <Figure name="verifiedReviews">{countOf(f.verifiedReviews, "published review")}</Figure> carry the badge. Verification says the reviewer uses the tool, not that we agree
          with the review; unverified reviews are published and counted in the same way, and the tool page can show verified reviews only.
        </p>
      ),
    },
    {
      id: "facts-and-receipts",
      title: "Prices, data facts and what \u201cconfirmed\u201d means",
      body: (
        <>
          <p>
            A tool&apos;s prices, and for the tools we have reviewed what its maker says about your data (whether it trains its models on your content, plan by plan; how long
            inputs are kept; SOC 2 and ISO 27001; a data processing agreement; where data can be stored; who makes the model; whether developers get a public API), are taken from
            the vendor&apos;s own pages. Each value links to the page that states it and says when it was entered. &ldquo;Not published&rdquo; means we found no page of the
            vendor&apos;s that says: it is not a no, and it never passes a filter. A value entered more than 180 days ago says it may be out of date.
          </p>
          <p>
            A page says &ldquo;confirmed&rdquo; only when someone or our automatic check has read the vendor&apos;s page since, and the facts shown are still the ones that were
            read. Every &ldquo;confirmed&rdquo; links to its receipt: the page that was read, when, by which editor or by the automatic check, and what matched. Our automatic check
            confirms a data fact only when the page it cites holds a sentence stating it, and the receipt quotes that sentence; a &ldquo;no&rdquo; (an absence) only an editor can
            confirm. An editor cannot confirm without saying what they saw on the page. Until then a page says &ldquo;not yet confirmed&rdquo;.
          </p>
        </>
      ),
    },
    {
      id: "affiliate-income",
      title: "How affiliate income is kept apart",
      body: (
        <>
          <p>
            Some links to tools, courses and deals earn us a commission. Whether a tool has an affiliate programme, and how much it pays, plays no part in whether we review it, the
            rating we give it, where it appears in a list or a comparison, or whether a reader&apos;s review of it is published. Lists are ordered by the rules they state (our
            rating, name, price or date added), and a paid placement is always labelled as sponsored.
          </p>
          <p>
            A maker who claims a tool&apos;s listing by proving control of its domain gets one line on its page, &quot;Claimed by its maker&quot;, and nothing else. Any maker may
            embed a badge of the listing on their own site, and it says only what we recorded: that the tool is listed here and, while a check we recorded covers its prices as they
            are, the day of that check. No maker and no payment changes a rating, a review, a verdict or a ranking: not a claim, not a badge, not money paid to us.
          </p>
          <p>
            The <TextLink to="/affiliate-disclosure">Affiliate Disclosure</TextLink> explains how these links work and what we record.
          </p>
        </>
      ),
    },
    {
      id: "report-an-error",
      title: "How to report an error",
      body: (
        <p>
          If a price, a feature, a rating or anything else on the site is wrong, tell us through the <TextLink to="/contact">contact page</TextLink>, which states how quickly we
          have been answering once there are enough replies to measure; we correct the mistakes we confirm. To flag a reader&apos;s review, use the Report button under it.
        </p>
      ),
    },
  ];
}

export default function HowWeReviewPage({ loaderData }: Route.ComponentProps) {
  return (
    <DocumentPage
      title={TITLE}
      description={DESCRIPTION}
      path={PATH}
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          What our listings, reviews and ratings are based on, and how we handle readers&apos; reviews. Every figure on this page is counted from our database when the page is
          built.
        </p>
      }
      sections={sections(loaderData.figures, loaderData.windowDays)}
    />
  );
}
