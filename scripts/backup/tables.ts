/** Rows per table in every schema the app uses, keyed "schema.table": written in the manifest, checked again after a restore. */
export type Query = <T>(text: string) => Promise<T[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = await query<{ n: number }>(`select count(*)::int as n from ${quote(schema)}.${quote(name)}`);
    counts[`${schema}.${name}`] = row!.n;
  }
  return counts;
}

/** Differences between the counts a backup promised and what the database now holds (empty when they agree). */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([table, n]) => actual[table] !== n)
    .map(([table, n]) => `${table}: ${actual[table] ?? "missing"} rows, the backup has ${n}`);
}

export function summarise(counts: Record<string, number>) {
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  // The tables people write to, named so the operator sees at a glance that their data is there.
  const shown = ["public.users", "public.reviews", "public.favorites", "public.uploads"].filter((table) => table in counts);
  const detail = shown.map((table) => `${table.replace(/^public\./, "")} ${counts[table]}`).join(", ");
  return `${Object.keys(counts).length} tables, ${rows} rows${detail ? ` (${detail})` : ""}`;
}
