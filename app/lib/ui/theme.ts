export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_COOKIE = "theme";

export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : "system";
}

export function themeFromCookieHeader(cookieHeader: string | null): Theme {
  const match = cookieHeader?.match(/(?:^|;\s*)theme=([a-z]+)/);
  return parseTheme(match?.[1]);
}

/** The theme switch cycles system → light → dark (the header's button, with or without JavaScript). */
export const NEXT_THEME: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };

/** The switch's icon and accessible name for the theme in force. */
export const themeIcon = (theme: Theme) => (theme === "dark" ? "moon" : theme === "light" ? "sun" : "monitor");
export const themeSwitchLabel = (theme: Theme) => `Theme: ${theme}. Switch to ${NEXT_THEME[theme]}`;
