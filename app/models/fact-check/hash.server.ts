import type { DataFact } from "~/lib/tool/data-facts";
import { factCanonical } from "~/lib/tool/fact-evidence";
import { factsHashOf } from "~/models/provenance/facts.server";

/** What a confirmation of a data fact records and a page compares (issue 44): its value and the page it names. */
export const factHash = (fact: Pick<DataFact, "fact" | "tier" | "value" | "source">) => factsHashOf(factCanonical(fact));
