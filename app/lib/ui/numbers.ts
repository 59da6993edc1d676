// Numbers as en-US writes them, by hand for whole numbers (every count the site prints). Intl is not used for them:
// `toLocaleString("en-US")` builds an ICU formatter on every call on the server (about 0.2 ms each in V8), and the first
// Intl formatter in a browser loads ICU's locale data, 70 ms of the main thread on Lighthouse's mobile CPU in the middle
// of hydration (issue 43). The lint rule `no-restricted-syntax` refuses `toLocale*String` in app/ and server/.
let fractions: Intl.NumberFormat | undefined;

/** '1,234', '-2,500', '0.5': the same text as `toLocaleString("en-US")`, on the server and in the browser. */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return (fractions ??= new Intl.NumberFormat("en-US")).format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let start = grouped.length; start < digits.length; start += 3) grouped += `,${digits.slice(start, start + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}
