import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { NEXT_THEME, themeIcon, themeSwitchLabel, type Theme } from "~/lib/ui/theme";
import { Icon } from "~/components/ui/icon";
import { ReturnAddressPart } from "./return-address-part";

export const THEME_FETCHER_KEY = "theme";

/**
 * Cycles system → light → dark; posts to a resource route so it works without JavaScript too. On reading pages
 * the enhancement script (app/enhance/theme.ts) switches the same form in place.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  // A fixed key: the shell may re-render while the submission is in flight.
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const pending = fetcher.formData?.get("theme");
  const current = (typeof pending === "string" ? pending : theme) as Theme;
  return (
    <fetcher.Form
      method="post"
      action="/resources/theme"
      data-theme-toggle=""
      onSubmit={(event) => {
        // With JavaScript, save without navigating: the shell re-renders in place.
        event.preventDefault();
        void fetcher.submit({ theme: NEXT_THEME[current] }, { method: "post", action: "/resources/theme" });
      }}
    >
      <input type="hidden" name="theme" value={NEXT_THEME[current]} />
      <ReturnAddressPart />
      <Button type="submit" variant="ghost" size="icon" aria-label={themeSwitchLabel(current)}>
        <Icon name={themeIcon(current)} />
      </Button>
    </fetcher.Form>
  );
}
