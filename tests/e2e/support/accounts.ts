import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { latestLink } from "../../support/mail";

/**
 * Accounts that are owners from sign-up (the e2e server's OWNER_EMAILS, support/global-setup.ts): one per test file
 * that works in the admin area, since an address signs up once per run.
 */
export const E2E_OWNERS = {
  moderation: "moderation-owner@example.com",
  submissions: "e2e-owner-submissions@example.com",
  screenshots: "e2e-owner-screenshots@example.com",
  proposals: "e2e-owner-proposals@example.com",
} as const;

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Creates and confirms an account over HTTP in the page's browser context, which ends up signed in. */
export async function signUpAndConfirm(page: Page, { name = "Test Reader", email = uniqueEmail("reader"), password = "quartz-lagoon-52-fern" } = {}) {
  const signUp = await page.request.post("/auth", { form: { intent: "signup", from: "dialog", name, email, password, confirmPassword: password } });
  expect(signUp.status()).toBe(201);
  const url = new URL(await latestLink(inject("dataDir"), email, "/auth/verify-email"));
  await page.request.get(url.pathname + url.search);
  return { name, email, password };
}
