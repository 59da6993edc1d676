import { parse, protocol, type PGlite } from "@electric-sql/pglite";

/**
 * Named statements on PGlite (decision 060), whose `query()` parses, describes and plans every statement anew.
 * Through PGlite's wire-protocol API, as its own `query()` speaks it but with a name: a statement is parsed and
 * described once, then each call binds its values and executes it. The session plans named statements once for any
 * values (`plan_cache_mode`, set by the caller); ours are its only named statements. Each call holds both of PGlite's
 * locks, as `query()` does, so it never runs inside another caller's transaction.
 */
export function plannedStatements(client: PGlite) {
  /** Each prepared statement's parameter types, by name, to write its values as `query()` would. */
  const parameterTypes = new Map<string, number[]>();
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  return (name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const messages = [];
        try {
          let types = parameterTypes.get(name);
          if (!types) {
            await send(protocol.serialize.parse({ name, text }));
            types = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: "S", name })));
            parameterTypes.set(name, types);
          }
          const values = params.map((value, index) => (value === null || value === undefined ? null : (client.serializers[types[index]!] ?? String)(value)));
          messages.push(
            ...(await send(protocol.serialize.bind({ statement: name, values }))),
            ...(await send(protocol.serialize.describe({ type: "P" }))),
            ...(await send(protocol.serialize.execute({}))),
          );
        } finally {
          // After an error the server skips everything up to this; after success it ends the statement.
          messages.push(...(await send(protocol.serialize.sync())));
        }
        return parse.parseResults(messages, client.parsers)[0]!.rows as Record<string, unknown>[];
      }),
    );
}
