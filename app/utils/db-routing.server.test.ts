import { describe, expect, it } from "vitest";
import {
  isReadStatement,
  isReplicaFailure,
  onPrimary,
  readsPrimary,
  setReadYourWritesSeconds,
  startWrite,
  withReadScope,
  mayReadReplica,
  wroteRecently,
} from "./db-routing.server";

describe("where a statement may run (decision 089)", () => {
  it("sends to a replica only what reads, and a doubt to the primary", () => {
    for (const text of [
      "select 1",
      '  select "tools"."updated_at", "tools"."name" from "tools" where "tools"."slug" = $1',
      "/* planned */ (select 1) union (select 2)",
      "-- a comment\nselect count(*) from reviews",
      "with recent as (select id from tools order by created_at desc limit 5) select * from recent",
      "select 'insert into x' as label",
    ])
      expect([text, isReadStatement(text)]).toEqual([text, true]);
    for (const text of [
      "insert into tools (slug) values ($1)",
      "update tools set name = $1",
      "delete from sessions where id = $1",
      "with moved as (delete from a returning *) select * from moved",
      "with added as (insert into a values (1) returning id) select id from added",
      "select id from rate_limits where key = $1 for update",
      "select * from jobs for no key update skip locked",
      "select pg_advisory_xact_lock(1)",
      "select nextval('tools_id_seq')",
      "select set_config('x', 'y', false)",
      "select pg_notify('c', 'x')",
      "select * into copy_of_tools from tools",
      "begin",
      "set plan_cache_mode = force_generic_plan",
      "listen jobs",
    ])
      expect([text, isReadStatement(text)]).toEqual([text, false]);
  });

  it("retries on the primary a replica's failure, not a statement's", () => {
    expect(isReplicaFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isReplicaFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    for (const code of ["08006", "08P01", "57P01", "57P03", "53300", "40001"]) expect(isReplicaFailure(Object.assign(new Error(code), { code }))).toBe(true);
    for (const code of ["42601", "42P01", "23505", "22012"]) expect(isReplicaFailure(Object.assign(new Error(code), { code }))).toBe(false);
  });

  it("reads the replica in a reader's GET only, until a write or the writer's window", () => {
    expect(mayReadReplica()).toBe(false);
    expect(withReadScope(false, mayReadReplica)).toBe(true);
    expect(withReadScope(false, () => onPrimary(mayReadReplica))).toBe(false);
    const get = (cookie?: string) => new Request("http://localhost/", cookie ? { headers: { cookie } } : {});
    expect(readsPrimary(get())).toBe(false);
    expect(readsPrimary(new Request("http://localhost/", { method: "POST" }))).toBe(true);
    expect(readsPrimary(new Request("http://localhost/", { method: "DELETE" }))).toBe(true);
    // A request of our own follows the work that makes it: a job's (no scope) reads the primary.
    expect(readsPrimary(get(), { inProcess: true })).toBe(true);
    expect(withReadScope(false, () => readsPrimary(get(), { inProcess: true }))).toBe(false);
    // Without replicas a write sets no cookie; with them its value is when the window ends.
    expect(startWrite(1_000)).toBeNull();
    setReadYourWritesSeconds(30);
    try {
      expect(startWrite(1_000)).toEqual({ value: "31000", maxAge: 30 });
    } finally {
      setReadYourWritesSeconds(0);
    }
    expect(wroteRecently("theme=dark; atlas.wrote=31000", 30_999)).toBe(true);
    expect(wroteRecently("atlas.wrote=31000; theme=dark", 31_000)).toBe(false);
    expect(wroteRecently("atlas.wrote=soon", 0)).toBe(false);
    expect(wroteRecently("xatlas.wrote=99999999", 0)).toBe(false);
  });
});
