import { createContext } from "react-router";

/** Per-request values the HTTP layer hands to loaders and the document renderer. */
export type RequestInfo = { nonce: string; requestId: string };

export const requestInfoContext = createContext<RequestInfo>();
