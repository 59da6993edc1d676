import { Link, useRouteError, useRouteLoaderData } from "react-router";
import { isNotFound, NotFoundScreen } from "~/components/error-screens-lazy";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** The comparison's own error screen (spec part 1 §2.7). */
export function ComparisonError() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <Icon name="triangle-exclamation-point" className="mx-auto size-12 text-destructive" />
      <h1 className="mt-4 text-3xl font-bold">Comparison Tool Error</h1>
      <p className="mt-3 text-muted-foreground">We encountered an error while loading the comparison tool.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <Icon name="refresh-cw" /> Reload Page
        </Button>
        <Button asChild variant="outline">
          <Link to="/tools">
            <Icon name="arrow-left" /> Back to Tools
          </Link>
        </Button>
      </div>
    </main>
  );
}

/** The route error boundary both comparison routes export; a missing pair is the site's one not-found page. */
export function ComparisonErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData("root") as { toolCount?: number } | undefined;
  if (isNotFound(error)) return <NotFoundScreen data={(error as { data?: unknown }).data} toolCount={root?.toolCount} />;
  return (
    <>
      <title>Comparison Tool Error</title>
      <meta name="robots" content="noindex" />
      <ComparisonError />
    </>
  );
}
