import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { latestLink } from "../support/mail";
import { useBrowser, waitForHydration } from "./support/browser";

const browser = useBrowser();
const dataDir = () => inject("dataDir");

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Waits for the message (the outbox delivers it a moment after the request). */
function waitForMail(email: string, pathPrefix: string) {
  return latestLink(dataDir(), email, pathPrefix);
}

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ hasText: title });

async function signUpInDialog(page: Page, { name, email, password }: { name: string; email: string; password: string }) {
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Sign Up" }).click();
  await expect.poll(() => dialog.getByText("An account lets you save favourite tools and submit reviews.").isVisible()).toBe(true);
  await dialog.getByLabel("Full name").fill(name);
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Confirm password").fill(password);
  await dialog.getByRole("button", { name: "Create Account" }).click();
  return dialog;
}

describe("accounts in the browser", () => {
  it("walks sign-up, confirmation, sign-out, sign-in, profile, password change, export and deletion", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [400, 401], acceptDownloads: true });
    const email = uniqueEmail("walk");
    const password = "copper-meadow-31-kite";
    await page.goto("/tools");
    await waitForHydration(page);

    // Mismatched passwords are caught before anything is sent.
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.getByLabel("Full name").fill("Robin Walker");
    await dialog.getByLabel("Email", { exact: true }).fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(password);
    await dialog.getByLabel("Confirm password").fill(password + "x");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Password mismatch").waitFor();
    await page.keyboard.press("Escape");

    dialog = await signUpInDialog(page, { name: "Robin Walker", email, password });
    await toast(page, "Account created!").waitFor();
    await expect.poll(() => page.getByText("Please check your email to confirm your account.").isVisible()).toBe(true);
    // The form was cleared and the dialog moved to the Sign In tab.
    await expect.poll(() => dialog.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    expect(await dialog.getByLabel("Full name").inputValue()).toBe("");
    await page.keyboard.press("Escape");

    // The confirmation link from the outbox signs the visitor in.
    const link = await waitForMail(email, "/auth/verify-email");
    await page.goto(link);
    await page.waitForURL("**/profile");
    await waitForHydration(page);
    await toast(page, "Email confirmed").waitFor();
    await page.getByRole("heading", { level: 1, name: "Robin Walker" }).waitFor();
    expect(await page.getByText("@robin_walker").isVisible()).toBe(true);

    // Log out really signs out.
    await page.getByRole("link", { name: "Account menu for Robin Walker" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Signed out").waitFor();
    await page.goto("/profile");
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/profile");
    await page.getByRole("alert").filter({ hasText: "Sign In Required" }).waitFor();

    // Sign in on /auth: first a wrong password, then the right one.
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password-typed");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password. Please try again." }).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Welcome back!").waitFor();

    // Edit the profile.
    await page.goto("/profile");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByLabel("Display name").fill("Robin W.");
    await page.getByLabel("Username").fill("robin_w");
    await page.getByLabel("Website").fill("https://robin.example");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await toast(page, "Profile updated").waitFor();
    await page.getByRole("heading", { level: 1, name: "Robin W." }).waitFor();
    expect(await page.getByRole("link", { name: "https://robin.example" }).isVisible()).toBe(true);

    // Change the password (the current one is required).
    await page.goto("/settings");
    await waitForHydration(page);
    const newPassword = "silver-orchard-64-bell";
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Password changed").waitFor();

    // Download my data.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ai-tools-atlas-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(exported.account).toMatchObject({ email, name: "Robin W.", username: "robin_w", website: "https://robin.example" });

    // Delete the account: typed confirmation and the (new) password.
    await page.getByLabel("Your password").fill(newPassword);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Account deleted").waitFor();
    expect(await page.getByRole("banner").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);

    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password. Please try again." }).waitFor();
  });

  it("resets a forgotten password by email and signs in with the new one", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [401] });
    const email = uniqueEmail("forgot");
    const password = "amber-valley-27-drum";
    await page.goto("/");
    await waitForHydration(page);
    await signUpInDialog(page, { name: "Fay Gotten", email, password });
    await toast(page, "Account created!").waitFor();
    await page.goto(await waitForMail(email, "/auth/verify-email"));
    await page.waitForURL("**/profile");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");

    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").filter({ hasText: "Please check your email for password reset instructions." }).waitFor();

    await page.goto(await waitForMail(email, "/auth/reset-password"));
    await waitForHydration(page);
    const newPassword = "indigo-harbor-85-reed";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/auth?tab=signin");
    await toast(page, "Password changed").waitFor();

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password. Please try again." }).waitFor();
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast(page, "Welcome back!").waitFor();
  });

  it("sends anonymous visitors to sign in ('Sign In Required') and signs in without JavaScript, back to where they were", async () => {
    const page = await browser.newPage();
    await page.goto("/favorites");
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/favorites");
    const notice = page.getByRole("alert").filter({ hasText: "Sign In Required" });
    expect(await notice.innerText()).toContain("Please sign in to view your profile.");
    expect(await page.locator('main input[name="redirectTo"]').getAttribute("value")).toBe("/favorites");

    // Create and confirm an account over HTTP, then sign in with a plain HTML form.
    const email = uniqueEmail("nojs");
    const password = "plain-form-works-19";
    const form = new URLSearchParams({ intent: "signup", from: "page", name: "No Script", email, password, confirmPassword: password });
    const signUp = await page.request.post("/auth", { form: Object.fromEntries(form) });
    expect(signUp.status()).toBe(201);
    const confirmation = new URL(await waitForMail(email, "/auth/verify-email"));
    await page.request.get(confirmation.pathname + confirmation.search);
    await page.context().clearCookies();

    const noJs = await browser.newPage({ javaScriptEnabled: false });
    await noJs.goto("/auth?redirectTo=%2Fsettings");
    await noJs.getByLabel("Email", { exact: true }).fill(email);
    await noJs.getByLabel("Password", { exact: true }).fill(password);
    await noJs.getByRole("button", { name: "Sign In", exact: true }).click();
    await noJs.waitForURL("**/settings");
    await noJs.getByRole("heading", { name: "Account Settings" }).waitFor();
    // Without JavaScript the flash message is printed in a <noscript> block under the header.
    expect(await noJs.locator("noscript").first().innerHTML()).toContain("Welcome back!");
  });
});
