/**
 * Text from an address (a query parameter) as the app may read it. A control character is never something a
 * visitor meant to type, and PostgreSQL refuses NUL in any text parameter (`to_tsquery`, `ilike`, an insert), so
 * a `?q=%00` would fail in the database instead of finding nothing. Writes refuse such text in words
 * (utils/write.server.ts `normaliseFields`); what is only read is cleaned instead, since a search or a filter has
 * nothing to say back.
 */

// eslint-disable-next-line no-control-regex -- control characters are what is matched
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The ones that separate words. */
const SPACING_CONTROLS = /[\t\n\v\f\r\u0085]+/g;
// eslint-disable-next-line no-control-regex -- the rest of C0, DEL and C1
const OTHER_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** Whether `text` holds a C0 or C1 control character or DEL. */
export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/**
 * `text` without control characters: tabs and line breaks become a space, so the words they separated stay
 * apart ('image\tgen' is two words, and '/\t/evil.example' never becomes '//evil.example'); the others (NUL, ESC,
 * DEL, C1) are removed. Half a surrogate pair becomes U+FFFD, which the database stores.
 */
export function readableText(text: string): string {
  const clean = CONTROL_CHARACTERS.test(text) ? text.replace(SPACING_CONTROLS, " ").replace(OTHER_CONTROLS, "") : text;
  return clean.isWellFormed() ? clean : clean.toWellFormed();
}

/**
 * The query string's parameters, each name and value readable (`readableText`); null when every one already
 * was, so a clean address is never rewritten (its encoding stays as sent).
 */
export function readableSearchParams(params: URLSearchParams): URLSearchParams | null {
  let changed = false;
  const clean = new URLSearchParams();
  for (const [name, value] of params) {
    const [readableName, readableValue] = [readableText(name), readableText(value)];
    if (readableName !== name || readableValue !== value) changed = true;
    clean.append(readableName, readableValue);
  }
  return changed ? clean : null;
}
