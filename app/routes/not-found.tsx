import type { RouteHandle } from "~/lib/route-handle";
import { notFound } from "~/utils/not-found.server";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** /404 and any path no other route matches: the root error boundary renders the not-found page with a real 404. */
export function loader(): never {
  throw notFound("page");
}

export default function NotFound() {
  return null;
}
