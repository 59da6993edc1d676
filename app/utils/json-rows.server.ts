import { Column, is, sql, type Placeholder, type SQL } from "drizzle-orm";
import { askBuilt, askPlanned, buildOnce, getDb, type BuiltStatement } from "./db.server";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";

/**
 * Rows of a query as one JSON value, so that one statement can answer several questions at once (the site search
 * asks for counts, task phrases, tools and articles together: decision 057). On the embedded database each statement
 * and each row returned costs far more than the work it asks for (a search's five statements took 10 ms, the same
 * work as one statement 4 ms), so a page that needs several small answers asks for them together.
 */

type Selection = Record<string, Column | SQL | SQL.Aliased>;

/** A selection's fields as one `json_build_object` column named `row`, keyed by the selection's names: `select({ row: jsonRowOf(fields) })`. */
export function jsonRowOf(selection: Selection): SQL.Aliased {
  const pairs = Object.entries(selection).map(([key, field]) => {
    // Keys are our own field names, written into the statement as literals (json_build_object cannot type a parameter).
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a field name: ${key}`);
    return sql`'${sql.raw(key)}', ${field}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`.as("row");
}

/** A query of one `jsonRowOf` column as a JSON array of its rows, in order; `[]` when it has none. */
export const jsonArrayOf = (query: SQL | { getSQL(): SQL }) => sql`(select coalesce(json_agg(found.row), '[]'::json) from (${query}) as found)`;

/** A JSON value from either driver: PGlite and node-postgres parse `json`, but a caller may pass text. */
export const parsedJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

/** The rows of a `jsonArrayOf` value as a select of the same selection returns them (each column's own decoding). */
export function rowsFromJson<S extends Selection>(selection: S, value: unknown): SelectResultFields<S>[] {
  const rows = parsedJson(value) as Record<string, unknown>[];
  const fields = Object.entries(selection);
  return rows.map(
    (row) =>
      Object.fromEntries(fields.map(([key, field]) => [key, is(field, Column) && row[key] !== null ? field.mapFromDriverValue(row[key]) : row[key]])) as SelectResultFields<S>,
  );
}

/** Questions for one statement, each a scalar subquery (a count, a `jsonArrayOf`, a JSON value) under its answer's name. */
export type Questions = Record<string, SQL>;

/** Several questions as one statement's columns, each under its question's name. */
const togetherStatement = (questions: Questions) =>
  sql`select ${sql.join(
    Object.entries(questions).map(([name, question]) => sql`${question} as ${sql.identifier(name)}`),
    sql`, `,
  )}`;

/** Several questions in one statement, planned once on PostgreSQL (`askPlanned`): each answer under its question's name. */
export async function askTogether<Q extends Questions>(questions: Q): Promise<Record<keyof Q, unknown>> {
  const [answer] = await askPlanned(togetherStatement(questions));
  return answer as Record<keyof Q, unknown>;
}

const selectRow = (selection: Selection) => getDb().select({ row: jsonRowOf(selection) });
/** The select a `rowsQuestion` builds on: `from`, joins, `where`, order and limit are the caller's. */
export type RowSelect = ReturnType<typeof selectRow>;
/** A list as one question of a statement, and how to read its answer back as rows. */
export type RowsQuestion<S extends Selection> = { selection: S; question: SQL };

/** The rows `build` finds, each as the selection's fields: ask `question` with others (`askTogether`), read with `answerRows`. */
export function rowsQuestion<S extends Selection>(selection: S, build: (select: RowSelect) => { getSQL(): SQL }): RowsQuestion<S> {
  return { selection, question: jsonArrayOf(build(selectRow(selection))) };
}

export const answerRows = <S extends Selection>({ selection }: RowsQuestion<S>, answer: unknown) => rowsFromJson(selection, answer);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selection: each list keeps its own row type below.
type Lists = Record<string, RowsQuestion<any>>;

/** Each list of `lists` read back as its rows. */
type ListsAnswer<L extends Lists> = { [K in keyof L]: SelectResultFields<L[K]["selection"]>[] };

const questionsOf = (lists: Lists): Questions => Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.question]));
const listsFrom = <L extends Lists>(lists: L, answer: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, answerRows(list, answer[name])])) as ListsAnswer<L>;

/** Several lists in one statement, each read back as its rows (a page that shows several lists). */
export async function askLists<L extends Lists>(lists: L): Promise<ListsAnswer<L>> {
  return listsFrom(lists, await askTogether(questionsOf(lists)));
}

/** A value of a statement built once: the placeholder each call's value is bound to (`listsAskedAgain`), or a value. */
export type Bound<T> = T | Placeholder;

/**
 * Lists asked together for every request with other values (a reader's own page: /profile, /settings): the statement
 * is built once, with a placeholder for each value (`value(name)`), and each call binds `values` to them (`buildOnce`).
 */
export function listsAskedAgain<Name extends string, L extends Lists>(
  listsOf: (value: (name: Name) => Placeholder) => L,
): (values: Record<Name, unknown>) => Promise<ListsAnswer<L>> {
  let built: { lists: L; statement: BuiltStatement } | undefined;
  return async (values) => {
    if (!built) {
      const lists = listsOf((name) => sql.placeholder(name));
      built = { lists, statement: buildOnce(togetherStatement(questionsOf(lists))) };
    }
    const [answer] = await askBuilt(built.statement, values);
    return listsFrom(built.lists, answer ?? {});
  };
}

/** One list on its own. */
export async function askRows<S extends Selection>(rows: RowsQuestion<S>) {
  return (await askLists({ rows })).rows;
}

/**
 * One list whose statement carries its values in its text (the directory's, decision 070), asked once as `askRows`
 * asks but without a name: a prepared statement per search would stay on every connection. Still one JSON value: 24
 * cards cost 1.8 ms of CPU on PGlite as one value against 2.7 ms as rows (decision 076).
 */
export async function askRowsOnce<S extends Selection>(rows: RowsQuestion<S>) {
  const [answer] = (await getDb().execute<{ rows: unknown }>(togetherStatement({ rows: rows.question }))).rows;
  return answerRows(rows, answer?.rows);
}
