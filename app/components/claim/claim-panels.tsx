import { Link, Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Honeypot } from "~/components/ui/form-parts";
import { CLAIM_METHOD_WORDS, DNS_TXT_PREFIX, WELL_KNOWN_PATH, type ClaimMethod, type ClaimStatus } from "~/lib/claim/claims";
import type { Reply } from "~/lib/reply";
import { formatLongDate } from "~/lib/ui/dates";

/** What the claim page knows of its reader's claim (models/claim/claims.server.ts `OwnClaim`, dates as the loader sends them). */
export type ClaimView = {
  method: ClaimMethod;
  status: ClaimStatus;
  domain: string;
  email: string | null;
  token: string | null;
  tokenExpiresAt: string | null;
  /** Whether the token had expired when the page was rendered (the server's clock). */
  expired: boolean;
  verifiedAt: string | null;
  lastCheckedAt: string | null;
};

const day = (iso: string | null) => (iso ? formatLongDate(iso.slice(0, 10)) : "");
const moment = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The reader's claim as it stands: verified (with what our check recorded), waiting for its proof, or lapsed. */
export function ClaimStatusPanel({ claim, toolName, toolSlug }: { claim: ClaimView; toolName: string; toolSlug: string }) {
  const busy = useNavigation().state === "submitting";
  if (claim.status === "verified") {
    return (
      <section aria-labelledby="claim-status" className="rounded-xl border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50">
        <h2 id="claim-status" className="text-lg font-semibold">
          You hold a verified claim of {toolName}
        </h2>
        <p className="mt-1 text-sm break-words">
          Verified by {CLAIM_METHOD_WORDS[claim.method]} on {day(claim.verifiedAt)}
          {claim.lastCheckedAt && claim.lastCheckedAt !== claim.verifiedAt ? `; last checked ${day(claim.lastCheckedAt)}` : ""}. We check it again every 30 days
          {claim.method === "email" ? ` by mailing a new link to ${claim.email}` : ""}.
        </p>
        <p className="mt-2 text-sm">
          <Link to={`/maker/tools/${toolSlug}`} className="inline-flex min-h-6 items-center font-medium underline underline-offset-2">
            Open your listing&apos;s maker page
          </Link>{" "}
          to propose corrections, see its figures and get its badge.
        </p>
        {claim.token && <TokenInstructions claim={claim} keep />}
      </section>
    );
  }
  if (claim.status === "lapsed") {
    return (
      <section aria-labelledby="claim-status" className="rounded-xl border p-4">
        <h2 id="claim-status" className="text-lg font-semibold">
          Your claim has lapsed
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Two re-checks in a row could not confirm it. Start a new claim below.</p>
      </section>
    );
  }
  if (claim.status === "revoked") {
    return (
      <section aria-labelledby="claim-status" className="rounded-xl border p-4">
        <h2 id="claim-status" className="text-lg font-semibold">
          Your claim was revoked
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Our editors revoked it. Please write to them through the contact page.</p>
      </section>
    );
  }
  const expired = claim.expired;
  return (
    <section aria-labelledby="claim-status" className="rounded-xl border p-4">
      <h2 id="claim-status" className="text-lg font-semibold">
        {claim.method === "email" ? "Check your inbox" : "Publish your token"}
      </h2>
      {expired ? (
        <p className="mt-1 text-sm">Your token has expired. Start the claim again below to get a new one.</p>
      ) : claim.method === "email" ? (
        <p className="mt-1 text-sm">
          We sent a one-time link to <strong className="break-all">{claim.email}</strong>. Open it while signed in to this account
          {claim.tokenExpiresAt ? ` before ${moment(claim.tokenExpiresAt)}` : ""}.
        </p>
      ) : (
        <>
          {claim.token && <TokenInstructions claim={claim} />}
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="check" />
            <Button type="submit" disabled={busy}>
              {busy ? "Checking..." : "Check now"}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}

function TokenInstructions({ claim, keep = false }: { claim: ClaimView; keep?: boolean }) {
  const value = claim.method === "dns" ? `${DNS_TXT_PREFIX}${claim.token}` : claim.token;
  return (
    <div className="mt-2 grid gap-2 text-sm">
      <p>
        {claim.method === "dns" ? (
          <>
            Add a TXT record on <strong>{claim.domain}</strong> holding:
          </>
        ) : (
          <>
            Serve this line as plain text at <strong className="break-all">{`https://${claim.domain}${WELL_KNOWN_PATH}`}</strong>:
          </>
        )}
      </p>
      <code className="block rounded-md border bg-muted p-2 font-mono text-xs break-all">{value}</code>
      <p className="text-muted-foreground">
        {keep
          ? "Keep it there: the re-check every 30 days looks for it, and two failed re-checks in a row lapse the claim."
          : `It works until ${claim.tokenExpiresAt ? moment(claim.tokenExpiresAt) : "it expires"}. Keep it published after the claim is verified: we look for it again every 30 days.`}
      </p>
    </div>
  );
}

const METHODS: [ClaimMethod, string, string][] = [
  ["email", "Email at the domain", "We mail a one-time link to an address at the tool's domain."],
  ["dns", "DNS TXT record", "You add a record with a token to the domain's DNS."],
  ["file", "A file on the site", "You serve a token at a well-known address on the domain."],
];

/** How the reader proves control of the domain; works as a plain form post. Refused, it shows why and keeps what they typed. */
export function StartClaimForm({ domains, reply }: { domains: string[]; reply: Reply | undefined }) {
  const busy = useNavigation().state === "submitting";
  const values = reply && !reply.ok ? (reply.values ?? {}) : {};
  const errors = reply?.fieldErrors ?? {};
  // Already in words: the write path turns field keys into the catalogue's texts.
  const methodError = errors.method;
  return (
    <Form method="post" className="relative grid gap-5">
      <input type="hidden" name="intent" value="start" />
      <fieldset className="grid gap-3" aria-describedby={methodError ? "claim-method-error" : undefined}>
        <legend className="mb-1 text-sm font-medium">How will you prove you control {domains[0]}?</legend>
        {METHODS.map(([method, label, hint]) => (
          <div key={method}>
            <label className="flex min-h-6 items-start gap-2 text-sm">
              <input
                type="radio"
                name="method"
                value={method}
                defaultChecked={(values.method ?? "email") === method}
                required
                aria-describedby={`claim-method-${method}-hint`}
                className="mt-0.5 size-4"
              />
              <span className="font-medium">{label}</span>
            </label>
            <p id={`claim-method-${method}-hint`} className="ml-6 text-sm text-muted-foreground">
              {hint}
            </p>
          </div>
        ))}
        {methodError && (
          <p id="claim-method-error" className="text-sm font-medium text-destructive">
            {methodError}
          </p>
        )}
      </fieldset>
      <Field
        id="claim-email"
        name="email"
        type="email"
        autoComplete="email"
        label="Your address at the tool's domain (email method only)"
        hint={`For example you@${domains[0]}${domains.length > 1 ? `; also accepted: ${domains.slice(1).join(", ")}` : ""}. Free mail addresses are not accepted.`}
        defaultValue={values.email ?? ""}
        error={errors.email}
        maxLength={254}
      />
      <Honeypot id="claim-company" />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Starting..." : "Start my claim"}
        </Button>
      </div>
    </Form>
  );
}

/** The mailed link opens this; the button confirms, so a mail scanner opening every link confirms nothing. */
export function ConfirmLinkForm({ toolName }: { toolName: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="rounded-xl border p-4">
      <input type="hidden" name="intent" value="confirm" />
      <h2 className="text-lg font-semibold">Complete your claim</h2>
      <p className="mt-1 text-sm text-muted-foreground">You followed the link we mailed. Confirm that you make {toolName}.</p>
      <Button type="submit" disabled={busy} className="mt-3">
        {busy ? "Confirming..." : "Confirm my claim"}
      </Button>
    </Form>
  );
}
