import { Resolver } from "node:dns/promises";
import { getEnv } from "./env.server";

/**
 * A domain's TXT records, for a maker's claim (issue 45, decision 082), looked up through CLAIM_DNS_SERVERS when set
 * (the tests' local server; an owner's own resolver) and the system's resolver otherwise. Answers the records, or
 * the kind of failure: a domain without TXT records is `none`, not an error of ours.
 */
export type TxtAnswer = { ok: true; records: string[][] } | { ok: false; error: "none" | "dns" };

const TIMEOUT_MS = 4_000;

export async function lookupTxt(domain: string): Promise<TxtAnswer> {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  const servers = getEnv().CLAIM_DNS_SERVERS;
  if (servers.length) resolver.setServers(servers);
  try {
    return { ok: true, records: await resolver.resolveTxt(domain) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, error: code === "ENODATA" || code === "ENOTFOUND" ? "none" : "dns" };
  }
}
