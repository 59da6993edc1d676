import { useRouteLoaderData } from "react-router";

/** The public base URL (canonical links, JSON-LD, share links), from the root loader. */
export function useSiteUrl(): string {
  const root = useRouteLoaderData("root") as { siteUrl: string } | undefined;
  if (!root) throw new Error("useSiteUrl is used inside the root route.");
  return root.siteUrl;
}
