import { randomUUID } from "node:crypto";
import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { jobLeases } from "~/db/schema";
import { getDb } from "./db.server";

/**
 * A lease on a background job, so that one instance among several (processes of one machine, or machines
 * sharing the database) runs it at a time (decision 021). Taken with one atomic statement: insert the row, or
 * take it over only when the current lease has expired (or is already ours). PostgreSQL serialises two
 * instances racing on the same row: the second sees the first's fresh lease and gets nothing back. The holder
 * renews it while it works; a holder that dies just lets it run out. Times are the database's, so the
 * instances' clocks need not agree.
 */

/** This process's name as a lease holder: host, pid and a random part (two starts in one process differ). */
export function leaseHolderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

const ttl = (ms: number) => sql`now() + ${`${Math.max(1, Math.round(ms))} milliseconds`}::interval`;

/** Takes the lease for `ttlMs` if it is free (expired) or already ours; true when we hold it now. */
export async function acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await getDb()
    .insert(jobLeases)
    .values({ name, holder, expiresAt: ttl(ttlMs) })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt: ttl(ttlMs) },
      setWhere: sql`${jobLeases.expiresAt} <= now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

/** Extends our lease; false when it is no longer ours (it expired and another instance took it). */
export async function renewLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
  const rows = await getDb()
    .update(jobLeases)
    .set({ expiresAt: ttl(ttlMs) })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder), sql`${jobLeases.expiresAt} > now()`))
    .returning({ holder: jobLeases.holder });
  return rows.length === 1;
}

/** Gives the lease up at once (only if it is still ours), so another instance need not wait for it to expire. */
export async function releaseLease(name: string, holder: string): Promise<void> {
  await getDb()
    .update(jobLeases)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}

/** Who holds the lease now, if anyone (the admin page says a pass is running). */
export async function currentLease(name: string): Promise<{ holder: string; expiresAt: Date } | null> {
  const [row] = await getDb()
    .select({ holder: jobLeases.holder, expiresAt: jobLeases.expiresAt })
    .from(jobLeases)
    .where(and(eq(jobLeases.name, name), sql`${jobLeases.expiresAt} > now()`))
    .limit(1);
  return row ?? null;
}
