import { z } from "zod";
import { parseTheme, THEME_COOKIE } from "~/lib/ui/theme";
import { serializeCookie } from "~/utils/cookies.server";
import { requestInfoContext } from "~/utils/request-context";
import { defineWrite } from "~/utils/write.server";

/** A year: the choice outlives sessions; the browser forgets it only when the reader clears their cookies. */
const THEME_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The colour theme (system, light or dark), kept in a cookie for anyone: the header's switch posts it, with or
 * without JavaScript (routes/resources.theme.ts). An unknown value is "system", as the cookie's reader treats it.
 */
export const themeWrite = defineWrite({
  auth: "anyone",
  limit: "preference",
  input: z.object({
    theme: z
      .string()
      .optional()
      .transform((value) => parseTheme(value)),
  }),
  run: async ({ theme }, { context }) => {
    context.get(requestInfoContext).setCookies.push(serializeCookie(THEME_COOKIE, theme, { maxAge: THEME_MAX_AGE_SECONDS }));
    return { theme };
  },
  // A cookie of the reader's browser: no data any page shows from the server changes.
  invalidates: () => [],
  success: "themeSaved",
});
