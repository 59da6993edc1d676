import path from "node:path";
import type { CurrencyRates } from "~/lib/tool/pricing";
import { appRoot } from "~/utils/paths.server";
import { ContentError, readCurrencyRates } from "./load.server";

let rates: CurrencyRates | undefined;

/**
 * The site's dated rate table (content/currency-rates.json, decision 030), read and validated once at start, so a
 * broken file stops the server; pages show its `asOf` beside any converted figure.
 */
export function loadCurrencyRates(): CurrencyRates {
  const read = readCurrencyRates(path.join(appRoot(), "content"));
  if (!read) throw new ContentError("content/currency-rates.json is missing: the comparable price figure converts with it");
  rates = read;
  return rates;
}

export function getCurrencyRates(): CurrencyRates {
  return rates ?? loadCurrencyRates();
}
