import type { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/utils/request-context";
import type { Client } from "./auth-flows.server";

/** The request's headers (cookies for Better Auth) and the client address the rate limits key on. */
export function clientOf(request: Request, context: Readonly<RouterContextProvider>): Client {
  return { headers: request.headers, ip: context.get(requestInfoContext).clientAddress };
}
