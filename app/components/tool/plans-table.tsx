import { useId } from "react";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatPlanPrice, type Plan } from "~/lib/tool/pricing";

/** A tool's plans as the vendor lists them, prices in words from lib/tool/pricing.ts. */
export function PlansTable({ toolName, plans }: { toolName: string; plans: readonly Plan[] }) {
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId} className="mt-4" frameClassName="rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {toolName} plans and prices
        </caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Plan
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Price
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Limits and what it adds
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => (
            <tr key={plan.name} className="border-t align-top">
              <th scope="row" className="px-3 py-2 font-medium">
                {plan.name}
              </th>
              <td className="whitespace-nowrap px-3 py-2">{formatPlanPrice(plan)}</td>
              <td className="px-3 py-2 text-muted-foreground">{plan.limits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
