import { SIGN_IN_PROMPTS, type SignInPrompt } from "~/lib/messages";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { SITE_NAME } from "~/lib/site";
import type { View } from "./account-dialog";
import { ForgotPasswordForm, SignInForm, SignUpForm, type FormDriver } from "./auth-forms";
import { useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: View;
  onViewChange: (view: View) => void;
  reason?: SignInPrompt;
};

/** The account dialog (spec §4): tabs signin/signup, the fields cleared after success. */
export default function AccountDialog({ open, onOpenChange, view, onViewChange, reason }: Props) {
  const fetcher = useFetcher<Reply>({ key: "account-dialog" });
  const result = fetcher.data;
  useReplyToast(result);

  useEffect(() => {
    if (!result?.ok) return;
    if (result.intent === "signin") onOpenChange(false);
    if (result.intent === "signup" || result.intent === "forgot") onViewChange("signin");
  }, [result, onOpenChange, onViewChange]);

  const driver: FormDriver = { Form: fetcher.Form, busy: fetcher.state !== "idle", result, from: "dialog", idPrefix: "dialog" };
  const linkButton = "font-medium text-primary underline-offset-2 hover:underline";

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{view === "forgot" ? "Reset your password" : view === "signup" ? "Create your account" : `Sign in to ${SITE_NAME}`}</DialogTitle>
        <DialogDescription>
          {(reason && SIGN_IN_PROMPTS[reason]) ??
            (view === "signup" ? "An account lets you save favourite tools and submit reviews." : "Save favourite tools and write reviews with your account.")}
        </DialogDescription>
        {view === "forgot" ? (
          <ForgotPasswordForm
            driver={driver}
            back={
              <button type="button" className={linkButton} onClick={() => onViewChange("signin")}>
                Back to sign in
              </button>
            }
          />
        ) : (
          <Tabs value={view} onValueChange={(value) => onViewChange(value as View)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin" className="pt-4">
              <SignInForm
                driver={driver}
                forgotPassword={
                  <button type="button" className={linkButton} onClick={() => onViewChange("forgot")}>
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
  );
}
