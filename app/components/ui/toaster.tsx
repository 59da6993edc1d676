import { Toaster as Sonner } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/site";

/** One toast visible at a time, 3000 ms each (spec part 1 §4 'Toasts'). */
export function Toaster({ theme }: { theme: "light" | "dark" }) {
  return <Sonner theme={theme} visibleToasts={1} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />;
}
