import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** What anonymous visitors see on account pages (spec §2.10), with a way back after signing in. */
export function SignInRequired({ returnTo }: { returnTo: string }) {
  return (
    <main id="main" className="mx-auto grid max-w-md gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Sign In Required</h1>
      <p className="text-muted-foreground">Please sign in to view your profile.</p>
      <Button asChild className="justify-self-center">
        <Link to={`/auth?redirectTo=${encodeURIComponent(returnTo)}`}>Sign In</Link>
      </Button>
    </main>
  );
}
