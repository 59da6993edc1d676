import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { SITE_NAME } from "~/lib/site";
import { ForgotPasswordForm, SignInForm, SignUpForm, type FormDriver } from "./auth-forms";
import { useResultToast, type FormResult } from "./form-parts";

type View = "signin" | "signup" | "forgot";
type AccountDialogApi = {
  /** Opens the sign-in dialog, e.g. when an anonymous visitor tries to save a tool; `reason` explains why. */
  open: (view?: View, reason?: string) => void;
};

const AccountDialogContext = createContext<AccountDialogApi>({ open: () => {} });

export function useAccountDialog() {
  return useContext(AccountDialogContext);
}

/** The account dialog (spec §4): tabs signin/signup, the fields cleared after success. */
export function AccountDialogProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [view, setView] = useState<View>("signin");
  const [reason, setReason] = useState<string | undefined>();
  const fetcher = useFetcher<FormResult>({ key: "account-dialog" });
  const result = fetcher.data;
  useResultToast(result);

  useEffect(() => {
    if (!result?.ok) return;
    if (result.intent === "signin") setOpen(false);
    if (result.intent === "signup" || result.intent === "forgot") setView("signin");
  }, [result]);

  const open = useCallback((next: View = "signin", why?: string) => {
    setView(next);
    setReason(why);
    setOpen(true);
  }, []);
  const api = useMemo(() => ({ open }), [open]);

  const driver: FormDriver = { Form: fetcher.Form, busy: fetcher.state !== "idle", result, from: "dialog", idPrefix: "dialog" };
  const linkButton = "font-medium text-primary underline-offset-2 hover:underline";

  return (
    <AccountDialogContext.Provider value={api}>
      {children}
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogTitle>{view === "forgot" ? "Reset your password" : view === "signup" ? "Create your account" : `Sign in to ${SITE_NAME}`}</DialogTitle>
          <DialogDescription>
            {reason ?? (view === "signup" ? "An account lets you save favourite tools and submit reviews." : "Save favourite tools and write reviews with your account.")}
          </DialogDescription>
          {view === "forgot" ? (
            <ForgotPasswordForm
              driver={driver}
              back={
                <button type="button" className={linkButton} onClick={() => setView("signin")}>
                  Back to sign in
                </button>
              }
            />
          ) : (
            <Tabs value={view} onValueChange={(value) => setView(value as View)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-4">
                <SignInForm
                  driver={driver}
                  forgotPassword={
                    <button type="button" className={linkButton} onClick={() => setView("forgot")}>
                      Forgot password?
                    </button>
                  }
                />
              </TabsContent>
              <TabsContent value="signup" className="pt-4">
                <SignUpForm driver={driver} />
              </TabsContent>
            </Tabs>
          )}
        </DialogContent>
      </Dialog>
    </AccountDialogContext.Provider>
  );
}
