import { Link } from "react-router";
import { AdSlot } from "~/components/ad-slot";
import { AffiliateNotice } from "~/components/deals/affiliate-notice";
import { CouponSteps } from "~/components/deals/coupon-steps";
import { DealCard } from "~/components/deals/deal-card";
import { PartnerCard } from "~/components/deals/partner-card";
import { WritingComparisonTable } from "~/components/tool/writing-comparison-table";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { InPageSection } from "~/components/ui/in-page-text";
import type { InPage } from "~/lib/ui/page-text";
import type { WritingComparison } from "~/lib/tool/writing-comparison";
import type { PartnerProgram } from "~/models/content/offers.server";
import { dealHeadings } from "~/lib/deal/deals";
import type { DealCardData } from "~/models/deal/queries.server";

/**
 * The home page's marketing sections (spec part 2 §2.7), server-rendered markup from the loader's data:
 * the coupon Copy button is their only script.
 */

export const BUSINESS_AUTOMATION_GUIDE = "/blog/top-ai-tools-business-automation-2025";

export function RecommendedPrograms({ programs }: { programs: InPage<PartnerProgram[]> }) {
  return (
    <section aria-labelledby="programs-heading" className="mx-auto max-w-7xl px-4 pb-14">
      <h2 id="programs-heading" className="text-2xl font-bold">
        Recommended Programs
      </h2>
      <p className="mt-2 max-w-3xl text-muted-foreground">Services we think are worth a look if you learn, build or write with AI.</p>
      <InPageSection as="ul" value={programs} className="mt-6 grid gap-4 md:grid-cols-3">
        {(list) =>
          list.map((program) => (
            <li key={program.slug}>
              <PartnerCard program={program} />
            </li>
          ))
        }
      </InPageSection>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <article className="flex flex-col justify-between rounded-xl border bg-secondary/40 p-5">
          <div>
            <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-secondary-foreground">
              <Icon name="book-open" className="size-4" /> Free guide
            </p>
            <h3 className="mt-2 text-lg font-semibold">Top AI Tools for Business Automation</h3>
            <p className="mt-1 text-sm text-muted-foreground">
              Workflows, CRM, customer support, meetings and planning: which tools take real work off a business&apos;s plate, who each suits and where it falls short.
            </p>
          </div>
          <Button asChild className="mt-4 self-start">
            <Link to={BUSINESS_AUTOMATION_GUIDE}>
              Read the Guide <Icon name="arrow-right" />
            </Link>
          </Button>
        </article>
        <AdSlot
          title="Get AI Tool Updates by Email"
          text="New tools, price changes and the offers on this page, in your inbox; every past issue is on the newsletter page. Free, and you can unsubscribe from any email."
          href="/newsletter"
          cta="Subscribe to the newsletter"
        />
      </div>
      <AffiliateNotice className="mt-4" />
    </section>
  );
}

export function ReadyToFind({ toolCount }: { toolCount: number }) {
  return (
    <section aria-labelledby="ready-heading" className="mx-auto max-w-7xl px-4 pb-14">
      <div className="rounded-2xl border bg-gradient-to-br from-secondary/70 to-background px-6 py-10 text-center sm:px-10">
        <h2 id="ready-heading" className="text-2xl font-bold sm:text-3xl">
          Ready to Find Your Next AI Tool?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Filter {toolCount} tools by what you need to get done, or tell us what you are looking for and we will point you to the right ones.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/tools">
              Browse AI Tools <Icon name="arrow-right" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/contact">
              <Icon name="mail" /> Contact Us
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export function DealsSection({ deals }: { deals: (DealCardData & { brokenLinkNote?: string | null })[] }) {
  // 'Exclusive' and 'Coupons' only when the deals shown are (issue 26); the coupon steps only with a code to use.
  const headings = dealHeadings(deals);
  return (
    <section aria-labelledby="deals-heading" className="border-y bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="deals-heading" className="text-2xl font-bold">
            {headings.section}
          </h2>
          <Link to="/deals" className="text-sm font-medium text-primary hover:underline">
            View All Deals
          </Link>
        </div>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Free trials and discounts the vendors publish themselves, each with the vendor's page it comes from and whether an editor has confirmed it there. We label an offer
          Exclusive only when it is available through us alone.
        </p>
        {deals.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {deals.map((deal) => (
              <li key={deal.id}>
                <DealCard deal={deal} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded-xl border border-dashed p-6 text-center text-muted-foreground">No offers are running right now. Check back soon.</p>
        )}
        {headings.coupons && <CouponSteps headingLevel={3} className="mt-10" />}
      </div>
    </section>
  );
}

/** The table's rows may be in the page's HTML only (lib/ui/page-text.ts): the table has no script of its own. */
export type WritingComparisonShown = Omit<WritingComparison, "rows"> & { rows: InPage<WritingComparison["rows"]>; asOfText: string | null };

export function WritingComparisonSection({ comparison }: { comparison: WritingComparisonShown }) {
  if (!comparison.year || !comparison.asOf) return null;
  const title = `Best AI Writing Tools Comparison ${comparison.year}`;
  return (
    <section aria-labelledby="writing-comparison-heading" className="mx-auto max-w-7xl px-4 py-14">
      <h2 id="writing-comparison-heading" className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        Every writing tool in our catalogue, those we have reviewed in depth first (by our rating), with the features its listing records as of{" "}
        <time dateTime={comparison.asOf}>{comparison.asOfText}</time>.
      </p>
      {/* Not the heading's words: the table's scroll region and the section are both landmarks, told apart by name. */}
      <InPageSection value={comparison.rows} className="mt-6">
        {(rows) => <WritingComparisonTable rows={rows} caption={`${title}: ratings, pricing and features`} />}
      </InPageSection>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/tools">
            Explore AI Tools Now <Icon name="arrow-right" />
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/blog">
            <Icon name="book-open" /> Read Expert Reviews
          </Link>
        </Button>
      </div>
    </section>
  );
}

/**
 * The home page's marketing sections, one block far below its fold: partner programs, the call to the directory,
 * deals with their coupon buttons, and the writing tools table. Hydrated after the page (decision 056).
 */
export default function HomeMarketing({
  programs,
  toolCount,
  deals,
  comparison,
}: {
  programs: InPage<PartnerProgram[]>;
  toolCount: number;
  deals: (DealCardData & { brokenLinkNote?: string | null })[];
  comparison: WritingComparisonShown;
}) {
  return (
    <>
      <RecommendedPrograms programs={programs} />
      <ReadyToFind toolCount={toolCount} />
      <DealsSection deals={deals} />
      <WritingComparisonSection comparison={comparison} />
    </>
  );
}
