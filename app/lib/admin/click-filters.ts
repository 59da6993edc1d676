import { OUTBOUND_KINDS, type OutboundKind } from "../link-health/outbound";

/**
 * The clicks page's view (/admin/clicks), read from the URL: the period in days and, optionally, one program or
 * one link (`tool/chatgpt`) whose clicks the chart shows alone.
 */
export const CLICK_PERIODS = [7, 30, 90] as const;
export type ClickPeriod = (typeof CLICK_PERIODS)[number];
export const DEFAULT_CLICK_PERIOD: ClickPeriod = 90;

/** A link as the clicks table stores it. */
export type ClickLink = { kind: OutboundKind; target: string };
export type ClickFilters = { days: ClickPeriod; program: string | null; link: ClickLink | null };

export function parseLink(value: string | null): ClickLink | null {
  const match = value?.match(/^([a-z]+)\/(.{1,200})$/);
  if (!match || !(OUTBOUND_KINDS as readonly string[]).includes(match[1]!)) return null;
  return { kind: match[1] as OutboundKind, target: match[2]! };
}

/** Unknown values fall back to the whole picture of the default period; a filter names a program or a link, not both. */
export function parseClickFilters(params: URLSearchParams): ClickFilters {
  const days = Number(params.get("days"));
  const period = (CLICK_PERIODS as readonly number[]).includes(days) ? (days as ClickPeriod) : DEFAULT_CLICK_PERIOD;
  const link = parseLink(params.get("link"));
  const program = link ? null : (params.get("program") ?? "").trim().slice(0, 100) || null;
  return { days: period, program, link };
}

export function clickQuery({ days, program, link }: Partial<ClickFilters>): string {
  const params = new URLSearchParams();
  if (days && days !== DEFAULT_CLICK_PERIOD) params.set("days", String(days));
  if (program) params.set("program", program);
  if (link) params.set("link", `${link.kind}/${link.target}`);
  const text = params.toString();
  return text ? `?${text}` : "";
}
