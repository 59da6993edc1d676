import { TOOL_PAGE_ROUTE_ID } from "~/lib/account/personal-routes";
import { useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { PersonalData, ToolPersonal } from "~/lib/account/personal-data";
import { PersonalDataContext, personalDataOfHydration } from "./personal-data";

/**
 * The signed-in reader's part of this tool's page, or null (signed out). The tool page's loader data has it when
 * the page was rendered for the reader (a client navigation, a reload after a form); a shared page served with
 * personal parts carries it in its JSON instead, until the loaders reload. Apart from `usePersonalData` so that only
 * the tool page's parts load it.
 */
export function useToolPersonal(toolId: number): ToolPersonal | null {
  const forParts = useContext(PersonalDataContext);
  const root = useRouteLoaderData("root") as PersonalData | undefined;
  const page = useRouteLoaderData(TOOL_PAGE_ROUTE_ID) as { personal?: ToolPersonal | null } | undefined;
  const personal = forParts?.tool ?? page?.personal ?? (root ? personalDataOfHydration(root)?.tool : undefined);
  return personal?.toolId === toolId ? personal : null;
}
