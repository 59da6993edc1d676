import { exportAccountData } from "~/models/account/profile.server";
import { getViewer } from "~/models/account/session.server";
import type { Route } from "./+types/settings.export";

/** Settings > Download my data: the signed-in user's own data as a JSON file. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return Response.json({ error: "Please sign in to download your data." }, { status: 401 });
  const exported = await exportAccountData(viewer.id);
  if (!exported) return Response.json({ error: "Please sign in to download your data." }, { status: 401 });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="ai-tools-atlas-my-data-${date}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
