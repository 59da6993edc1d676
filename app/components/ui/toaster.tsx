import { lazy, Suspense, useEffect, useState } from "react";
import { onFirstToast } from "./toast";

// sonner is ~30 KB of script that most visits never use: it loads with the first toast.
const SonnerToaster = lazy(() => import("./sonner-toaster"));

/** One toast visible at a time, 3000 ms each (spec part 1 §4 'Toasts'); mounted on the first `showToast`. */
export function Toaster({ theme }: { theme: "light" | "dark" }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster theme={theme} />
    </Suspense>
  );
}
