import type { RouteHandle } from "~/lib/route-handle";
import { exportAccountData } from "~/models/account/profile.server";
import { requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/settings.export";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Settings > Download my data: the signed-in user's own data as a JSON file. */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  const exported = await exportAccountData(viewer.id);
  if (!exported) throw notFound("page");
  const date = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="ai-tools-atlas-my-data-${date}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
