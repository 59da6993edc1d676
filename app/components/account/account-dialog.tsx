import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { SignInPrompt } from "~/lib/messages";

export type View = "signin" | "signup" | "forgot";
type AccountDialogApi = {
  /**
   * Opens the sign-in dialog, e.g. when an anonymous visitor tries to save a tool; `reason` names why (lib/messages.ts
   * SIGN_IN_PROMPTS: the words load with the dialog, not with the page).
   */
  open: (view?: View, reason?: SignInPrompt) => void;
};

const AccountDialogContext = createContext<AccountDialogApi>({ open: () => {} });

export function useAccountDialog() {
  return useContext(AccountDialogContext);
}

// The forms load the first time the dialog opens, keeping them out of every page's first load.
const AccountDialog = lazy(() => import("./account-dialog-content"));

/** Provides `useAccountDialog()` and renders the account dialog (spec §4) once it has been opened. */
export function AccountDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [view, setView] = useState<View>("signin");
  const [reason, setReason] = useState<SignInPrompt | undefined>();
  const open = useCallback((next: View = "signin", why?: SignInPrompt) => {
    setView(next);
    setReason(why);
    setUsed(true);
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <AccountDialogContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AccountDialog open={isOpen} onOpenChange={setOpen} view={view} onViewChange={setView} reason={reason} />
        </Suspense>
      )}
    </AccountDialogContext.Provider>
  );
}
