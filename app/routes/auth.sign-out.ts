import { redirect } from "react-router";
import { signOut } from "~/models/account/auth-flows.server";
import { clientOf } from "~/models/account/client.server";
import { setFlash } from "~/models/account/flash.server";
import { addResponseCookies } from "~/models/account/session.server";
import type { Route } from "./+types/auth.sign-out";

/** Log out: deletes the session row on the server and clears the cookie, then says so on the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(clientOf(request, context));
  addResponseCookies(context, result.cookies);
  setFlash(context, "signedOut");
  throw redirect("/");
}

// Signing out only ever happens by POST (a link or prefetch must not sign anyone out).
export function loader() {
  throw redirect("/profile");
}
