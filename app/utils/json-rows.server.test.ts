import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { boolean, date, integer, jsonb, pgTable, real, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonArrayOf, jsonRowOf, rowsFromJson } from "./json-rows.server";

/** Every kind of column the site search reads through JSON (tool and article cards), nulls included. */
const things = pgTable("things", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  rating: real("rating"),
  minutes: smallint("minutes"),
  free: boolean("free").notNull(),
  plans: jsonb("plans").$type<{ name: string; price: number }[]>(),
  addedAt: date("added_at"),
  changedAt: timestamp("changed_at", { withTimezone: true }),
  seenAt: timestamp("seen_at"),
});
const selection = {
  id: things.id,
  name: things.name,
  rating: things.rating,
  minutes: things.minutes,
  free: things.free,
  plans: things.plans,
  addedAt: things.addedAt,
  changedAt: things.changedAt,
  seenAt: things.seenAt,
  shout: sql<string>`upper(${things.name})`,
};

const client = new PGlite();
const db = drizzle({ client });

beforeAll(async () => {
  await client.exec(
    `create table things (id int primary key, name text not null, rating real, minutes smallint, free boolean not null, plans jsonb, added_at date, changed_at timestamptz, seen_at timestamp)`,
  );
  await db.insert(things).values([
    {
      id: 1,
      name: "Alpha",
      rating: 4.5,
      minutes: 7,
      free: true,
      plans: [{ name: "Pro", price: 20 }],
      addedAt: "2026-11-02",
      changedAt: new Date("2026-11-20T10:11:12.345Z"),
      seenAt: new Date("2026-11-21T08:00:00.5Z"),
    },
    { id: 2, name: "Beta", rating: null, minutes: null, free: false, plans: null, addedAt: null, changedAt: null, seenAt: null },
  ]);
});
afterAll(() => client.close());

describe("rows read through one JSON value", () => {
  it("equal the rows a select of the same fields returns, in the query's order", async () => {
    const direct = await db.select(selection).from(things).orderBy(asc(things.id));
    const [answer] = (
      await db.execute(
        sql`select ${jsonArrayOf(
          db
            .select({ row: jsonRowOf(selection) })
            .from(things)
            .orderBy(asc(things.id)),
        )} as rows`,
      )
    ).rows;
    const viaJson = rowsFromJson(selection, answer!.rows);
    expect(viaJson).toEqual(direct);
    expect(viaJson[0]!.changedAt).toBeInstanceOf(Date);
    expect(viaJson[0]!.seenAt?.toISOString()).toBe("2026-11-21T08:00:00.500Z");
  });

  it("is an empty list when the query finds nothing", async () => {
    const [answer] = (
      await db.execute(
        sql`select ${jsonArrayOf(
          db
            .select({ row: jsonRowOf(selection) })
            .from(things)
            .where(sql`false`),
        )} as rows`,
      )
    ).rows;
    expect(rowsFromJson(selection, answer!.rows)).toEqual([]);
  });

  it("refuses a field name it would have to quote", () => {
    expect(() => jsonRowOf({ "it's": things.name })).toThrow(/not a field name/);
  });
});
