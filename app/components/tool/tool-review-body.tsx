import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { pricingLabel } from "~/lib/tool-filters";
import type { ToolDetail } from "~/models/tool/queries.server";
import { OutboundLink } from "./outbound-link";
import { Icon } from "~/components/ui/icon";

/** The editorial part of a tool page: our in-depth review when there is one, else an honest summary from the catalogue entry. */
export function ToolReviewBody({ detail }: { detail: ToolDetail }) {
  const { tool, review } = detail;
  const body = review?.body;
  return (
    <>
      <section aria-labelledby="review-heading">
        <h2 id="review-heading" className="text-2xl font-bold">
          {body ? `Our ${tool.name} review` : `About ${tool.name}`}
        </h2>
        <div className="mt-3 space-y-4 leading-relaxed">
          {(body?.overview ?? tool.description).split(/\n\n+/).map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold">
          Key features
        </h2>
        {body ? (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            {body.keyFeatures.map((feature) => (
              <div key={feature.title} className="rounded-lg border p-4">
                <dt className="font-semibold">{feature.title}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{feature.description}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {tool.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {feature}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="use-cases-heading">
        <h2 id="use-cases-heading" className="text-2xl font-bold">
          Use cases
        </h2>
        <ul className="mt-4 list-disc space-y-1 pl-5">
          {(body?.useCases ?? tool.useCases).map((useCase) => (
            <li key={useCase}>{useCase}</li>
          ))}
        </ul>
      </section>

      {body && (
        <section aria-labelledby="pros-cons-heading">
          <h2 id="pros-cons-heading" className="text-2xl font-bold">
            Pros and cons
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border p-4">
              <h3 className="font-semibold text-emerald-700 dark:text-emerald-400">Pros</h3>
              <ul className="mt-2 space-y-2">
                {body.pros.map((pro) => (
                  <li key={pro} className="flex gap-2 text-sm">
                    <Icon name="circle-check" className="mt-0.5 size-4 shrink-0 text-emerald-600" /> {pro}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-lg border p-4">
              <h3 className="font-semibold text-red-700 dark:text-red-400">Cons</h3>
              <ul className="mt-2 space-y-2">
                {body.cons.map((con) => (
                  <li key={con} className="flex gap-2 text-sm">
                    <Icon name="circle-x" className="mt-0.5 size-4 shrink-0 text-red-600" /> {con}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      )}

      {body && (
        <section aria-labelledby="breakdown-heading">
          <h2 id="breakdown-heading" className="text-2xl font-bold">
            Rating breakdown
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">Our editorial scores, separate from user reviews.</p>
          <dl className="mt-4 grid gap-3">
            {(
              [
                ["Ease of use", body.ratingBreakdown.easeOfUse],
                ["Features", body.ratingBreakdown.features],
                ["Value for money", body.ratingBreakdown.valueForMoney],
                ["Customer support", body.ratingBreakdown.customerSupport],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-3 text-sm">
                <dt>{label}</dt>
                <dd className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
                </dd>
                <dd className="text-right font-semibold">{value}%</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      {body && body.integrations.length > 0 && (
        <section aria-labelledby="integrations-heading">
          <h2 id="integrations-heading" className="text-2xl font-bold">
            Integrations
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {body.integrations.map((name) => (
              <li key={name}>
                <Badge variant="outline">{name}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}

      {body && (
        <section aria-labelledby="verdict-heading" className="rounded-xl border-l-4 border-primary bg-secondary/40 p-5">
          <h2 id="verdict-heading" className="text-2xl font-bold">
            Verdict
          </h2>
          <p className="mt-2 leading-relaxed">{body.verdict}</p>
        </section>
      )}

      <section aria-labelledby="cta-heading" className="rounded-xl border p-6 text-center">
        <h2 id="cta-heading" className="text-xl font-bold">
          Ready to try {tool.name}?
        </h2>
        <p className="mt-2 text-muted-foreground">
          Pricing: {pricingLabel(tool.pricing)}
          {tool.hasFreeTrial ? " · free trial available" : ""}
        </p>
        <Button asChild className="mt-4">
          <OutboundLink kind="tool" slug={tool.slug}>
            Visit {tool.name} <Icon name="external-link" />
          </OutboundLink>
        </Button>
      </section>
    </>
  );
}
