import { Form } from "react-router";
import { addressPart } from "~/components/personal/personal-part";
import { Input } from "~/components/ui/input";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";
import { MAX_QUERY_LENGTH } from "~/lib/site-search";
import { useCurrentAddress } from "./current-address";

/** The query of the page's own address when it is a search, else empty. */
function currentQuery(address: string): string {
  const url = new URL(address, "http://x");
  return url.pathname === "/search" ? (url.searchParams.get("q") ?? "") : "";
}

/** A header's search box, an address part: on a search page it shows that search's query. */
export const HeaderSearchPart = addressPart("header-search", function HeaderSearch({ className, id }: { className?: string; id: string }) {
  const current = currentQuery(useCurrentAddress());
  return (
    <Form method="get" action="/search" role="search" className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search tools and articles
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} key={current} name="q" type="search" defaultValue={current} placeholder="Search AI tools..." className="pl-9" maxLength={MAX_QUERY_LENGTH} />
    </Form>
  );
});
