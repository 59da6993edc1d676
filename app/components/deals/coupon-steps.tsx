/** 'How to Use Our Coupon Codes' (spec part 2 §2.7, §9: five steps), on the home page and /deals. */
const STEPS = [
  "Pick an offer for a tool you already mean to try, and read our review of it first.",
  "If the offer shows a code, press Copy (or select the code and copy it). Offers marked 'No code needed' apply on their own.",
  "Press Get Deal: the vendor's offer page opens in a new tab.",
  "Start the trial or choose the plan the offer names, and paste the code at checkout if there is one.",
  "Check the price on the vendor's checkout page before you pay: vendors change offers, and their page is what counts.",
] as const;

export function CouponSteps({ headingLevel = 2, className }: { headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="coupon-steps-heading" className={className}>
      <Heading id="coupon-steps-heading" className={headingLevel === 2 ? "text-2xl font-bold" : "text-lg font-semibold"}>
        How to Use Our Coupon Codes
      </Heading>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground" aria-hidden="true">
              {index + 1}
            </span>
            <span>{step}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
