import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import type { Theme } from "~/lib/ui/theme";
import { Icon } from "~/components/ui/icon";

export const THEME_FETCHER_KEY = "theme";

const next: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const label: Record<Theme, string> = { system: "system", light: "light", dark: "dark" };

/** Cycles system → light → dark; posts to a resource route so it works without JavaScript too. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  // A fixed key: the shell may re-render while the submission is in flight.
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current = (typeof pending === "string" ? pending : theme) as Theme;
  const icon = current === "dark" ? "moon" : current === "light" ? "sun" : "monitor";
  return (
    <fetcher.Form
      method="post"
      action="/resources/theme"
      onSubmit={(event) => {
        // With JavaScript, save without navigating: the shell re-renders in place.
        event.preventDefault();
        void fetcher.submit({ theme: next[current] }, { method: "post", action: "/resources/theme" });
      }}
    >
      <input type="hidden" name="theme" value={next[current]} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button type="submit" variant="ghost" size="icon" aria-label={`Theme: ${label[current]}. Switch to ${label[next[current]]}`}>
        <Icon name={icon} />
      </Button>
    </fetcher.Form>
  );
}
