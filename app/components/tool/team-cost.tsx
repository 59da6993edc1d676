import { Badge } from "~/components/ui/badge";
import { TEAM_NEED_LABELS, TEAM_NEEDS, type TeamCost, type TeamCostView } from "~/lib/tool/team-cost";

/**
 * "For a team of N" (issue 47): a GET form (team size, needs, a button; no script needed, the page's other query
 * parameters kept as hidden fields) and, per tool, each plan's cost per month and for the first year, the cheapest
 * fitting plan marked with its reason. Text and a plain form only: pages render it in-page (decision 069), so it adds
 * nothing to a page's script; reading pages render it without React's client.
 */
export function TeamCostSection({
  view,
  id = "team-cost",
  heading = "What will it cost my team?",
  compact = false,
}: {
  view: TeamCostView;
  id?: string;
  heading?: string;
  /** One row per tool (its cheapest fitting plan) instead of a table of plans per tool: the lists' pages. */
  compact?: boolean;
}) {
  const sizeId = `${id}-size`;
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="min-w-0 scroll-mt-20">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {heading}
      </h2>
      <form method="get" action={`${view.action}#${id}`} className="team-cost-form">
        {view.keep.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor={sizeId}>For a team of</label>
          <input
            id={sizeId}
            name="team"
            type="number"
            inputMode="numeric"
            min={view.bounds.min}
            max={view.bounds.max}
            step={1}
            defaultValue={view.size}
            aria-describedby={view.problem ? `${id}-problem` : undefined}
          />
        </div>
        <fieldset>
          <legend>It needs</legend>
          <div>
            {TEAM_NEEDS.map((need) => (
              <label key={need}>
                <input type="checkbox" name="needs" value={need} defaultChecked={view.needs.includes(need)} />
                {TEAM_NEED_LABELS[need]}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-default btn-size-default">
          Show costs
        </button>
      </form>
      {view.problem && (
        <p id={`${id}-problem`} role="status" className="mt-2 text-sm font-medium">
          {view.problem}
        </p>
      )}
      <p className="mt-2 text-xs text-muted-foreground">{view.basis}</p>
      {compact ? (
        <TeamCostList view={view} id={id} />
      ) : (
        view.tools.map((tool) => <ToolTeamCost key={tool.slug} name={tool.name} slug={tool.slug} cost={tool.cost} many={view.tools.length > 1} id={id} />)
      )}
    </section>
  );
}

function ToolTeamCost({ name, slug, cost, many, id }: { name: string; slug: string; cost: TeamCost; many: boolean; id: string }) {
  return (
    <>
      <table className="team-cost" data-team-cost={slug}>
        <caption id={`${id}-${slug}`}>{`${many ? name : "Each plan"} for a team of ${cost.teamSize}`}</caption>
        <Head first="Plan" />
        {cost.plans.map((plan) => {
          const best = cost.best?.name === plan.name;
          return (
            <tbody key={plan.name} data-plan={plan.name} data-best={best || undefined}>
              <tr>
                <th scope="row">
                  {plan.name}
                  {best && <Badge className="mt-1 flex w-fit whitespace-nowrap">Cheapest fit</Badge>}
                </th>
                <td data-cell="monthly">{plan.monthlyText}</td>
                <td data-cell="first-year">{plan.firstYearText}</td>
              </tr>
              <tr>
                <td colSpan={3}>
                  {plan.note}
                  {plan.usdText && ` Comparable figure: ${plan.usdText}.`}
                </td>
              </tr>
            </tbody>
          );
        })}
      </table>
      <p className="mt-2 text-sm" data-team-best={slug}>
        {cost.best ? cost.best.reason : cost.noBestReason}
      </p>
    </>
  );
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">Per month</th>
        <th scope="col">First year</th>
      </tr>
    </thead>
  );
}

/** The lists' pages: each tool's cheapest fitting plan, its two figures and the reason (or why none is marked). */
function TeamCostList({ view, id }: { view: TeamCostView; id: string }) {
  return (
    <table className="team-cost" data-team-cost-list>
      <caption id={`${id}-list`}>{`Cheapest fitting plan of each tool for a team of ${view.size}`}</caption>
      <Head first="Tool and plan" />
      {view.tools.map(({ name, slug, cost }) => {
        const plan = cost.best ? cost.plans.find((entry) => entry.name === cost.best!.name) : undefined;
        return (
          <tbody key={slug} data-team-cost={slug}>
            <tr>
              <th scope="row">
                <a href={`/tools/${slug}?team=${cost.teamSize}#team-cost`} className="text-primary underline-offset-4 hover:underline">
                  {name}
                </a>
                {plan && <span className="block font-normal">{plan.name}</span>}
              </th>
              <td data-cell="monthly">{plan ? plan.monthlyText : "—"}</td>
              <td data-cell="first-year">{plan ? plan.firstYearText : "—"}</td>
            </tr>
            <tr>
              <td colSpan={3}>{cost.best ? cost.best.reason : cost.noBestReason}</td>
            </tr>
          </tbody>
        );
      })}
    </table>
  );
}
