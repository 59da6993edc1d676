import { NEXT_THEME, parseTheme, themeIcon, themeSwitchLabel, type Theme } from "~/lib/ui/theme";

function apply(theme: Theme) {
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
}

/**
 * The header's theme switch (theme-toggle.tsx) is a form that posts the next theme and comes back to the page.
 * Here it switches in place: the page changes at once, the cookie is saved in the background, and the form
 * offers the theme after.
 */
export function enhanceThemeSwitch(form: HTMLFormElement) {
  const field = form.querySelector<HTMLInputElement>('input[name="theme"]');
  const button = form.querySelector("button");
  if (!field || !button) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const theme = parseTheme(field.value);
    apply(theme);
    // Without `redirectTo` the theme route answers in place rather than sending the browser back.
    const body = new URLSearchParams({ theme });
    void fetch(form.action, { method: "POST", body, credentials: "same-origin" }).catch(() => {});
    field.value = NEXT_THEME[theme];
    button.setAttribute("aria-label", themeSwitchLabel(theme));
    const icon = button.querySelector("use");
    icon?.setAttribute("href", icon.getAttribute("href")!.replace(/#.*$/, `#${themeIcon(theme)}`));
  });
}
