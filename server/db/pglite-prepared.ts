import { parse, protocol } from "@electric-sql/pglite";
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/*
 * Server-side prepared statements for the embedded database. PGlite's `query(text, params)` speaks
 * the extended protocol as six separate round trips into the WASM build (Parse, Describe, Bind,
 * Describe, Execute, Sync), and PostgreSQL parses, analyses and plans the text every time: a
 * one-row lookup cost ~0.7 ms of CPU that way (server/docs/performance.md, "The signed-in listing
 * and the cart"). A statement run here is PREPAREd once per PGlite instance and then run as
 * `EXECUTE name('…', …)` in ONE simple-protocol round trip, its plan kept by PostgreSQL's plan
 * cache: the same lookup costs ~0.3 ms. Drizzle's PGlite session calls `query`; db/pglite-supervisor.ts
 * routes it here, so every service gets it without a change.
 *
 * What takes the fast path: one data statement (SELECT, WITH, INSERT, UPDATE, DELETE) outside a
 * transaction whose parameters are strings, numbers, booleans, bigints or null. Everything else
 * (arrays, objects, Dates, COPY blobs, given parameter types, utility statements) runs as before.
 * A parameter is sent as a quoted literal of unknown type, which PostgreSQL coerces to the
 * parameter's type exactly as it reads a text-format bound parameter; with
 * standard_conforming_strings (on since PostgreSQL 9.1, and in PGlite) doubling the quote is the
 * whole escaping. A text PREPARE refuses (e.g. `SELECT $1`, whose parameter's type it cannot
 * infer, where Parse takes text) is remembered and run the old way.
 *
 * The EXECUTE itself runs as PGlite's `exec` does (the same locks, messages and file sync) except
 * for one thing: the result's parsers. PGlite merges a caller's parsers (Drizzle passes its own for
 * timestamps and dates) into the instance's 318 type parsers with an object spread on EVERY query,
 * which took ~15 % of the CPU of a signed-in request; here the merged table is made once per
 * instance and kind of parsers.
 */

/** Statements kept per instance; past it, new texts run the old way (variable `IN (…)` lists make many texts). */
export const PREPARED_STATEMENTS_MAX = 2000;

const DATA_STATEMENT = /^\s*(?:select|with|insert|update|delete)\b/i;
/** PostgreSQL's "prepared statement … does not exist" (a reopened instance, or a DEALLOCATE ALL). */
const UNDEFINED_PREPARED_STATEMENT = "26000";

type Literal = string | number | boolean | bigint | null;

type OwnParsers = NonNullable<QueryOptions["parsers"]>;
type Parsers = PGlite["parsers"];

interface InstanceStatements {
  names: Map<string, string>;
  /** Texts PREPARE refused: run the old way. */
  refused: Set<string>;
  next: number;
  /** The instance's parsers merged with a caller's, by the caller's parsers object or, for Drizzle's identity parsers, by their types. */
  mergedByObject: WeakMap<OwnParsers, Parsers>;
  mergedIdentity: Map<string, Parsers>;
}

const byInstance = new WeakMap<PGlite, InstanceStatements>();

function statementsOf(instance: PGlite): InstanceStatements {
  let statements = byInstance.get(instance);
  if (!statements) {
    statements = { names: new Map(), refused: new Set(), next: 0, mergedByObject: new WeakMap(), mergedIdentity: new Map() };
    byInstance.set(instance, statements);
  }
  return statements;
}

function literalOf(value: Literal): string {
  if (value === null) return "NULL";
  const text = String(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function isLiteral(value: unknown): value is Literal {
  if (value === null) return true;
  if (typeof value === "string") return !value.includes("\u0000");
  return typeof value === "number" || typeof value === "boolean" || typeof value === "bigint";
}

/** Drizzle's PGlite session hands every query new parsers that keep timestamps, dates and intervals as text: `(value) => value`. */
const IDENTITY_SOURCE = /^\(?(\w+)\)?\s*=>\s*\1$/;

function mergedParsers(instance: PGlite, statements: InstanceStatements, own: OwnParsers | undefined): Parsers {
  if (own === undefined) return instance.parsers;
  const known = statements.mergedByObject.get(own);
  if (known) return known;
  const entries = Object.entries(own);
  const identity = entries.every(([, parser]) => IDENTITY_SOURCE.test(String(parser).trim()));
  const identityKey = identity ? entries.map(([type]) => type).sort().join(",") : undefined;
  const shared = identityKey === undefined ? undefined : statements.mergedIdentity.get(identityKey);
  const merged: Parsers = shared ?? { ...instance.parsers, ...own };
  if (identityKey !== undefined && !shared) statements.mergedIdentity.set(identityKey, merged);
  statements.mergedByObject.set(own, merged);
  return merged;
}

/** What `instance.exec(text, options)` does for one statement, with the merged parsers given. */
async function execOne<T>(instance: PGlite, text: string, parsers: Parsers, options: QueryOptions | undefined): Promise<Results<T>> {
  return instance._runExclusiveTransaction(() =>
    instance._runExclusiveQuery(async () => {
      const messages = [];
      try {
        messages.push(...(await instance.execProtocolStream(protocol.serialize.query(text), { syncToFs: false })));
      } finally {
        messages.push(...(await instance.execProtocolStream(protocol.serialize.sync(), { syncToFs: false })));
      }
      await instance.syncToFs();
      const results = parse.parseResults(messages, parsers, options?.rowMode === undefined ? undefined : { rowMode: options.rowMode });
      const result = results[results.length - 1];
      if (!result) throw new Error(`${text} answered no result`);
      return result as Results<T>;
    }),
  );
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

/**
 * `instance.query(text, params, options)` through a prepared statement where it can (see above).
 * Call it on the instance itself, never inside a transaction: a transaction's queries go through
 * its own object (`instance.transaction(tx => …)`), which keeps the old path.
 */
export async function preparedQuery<T>(instance: PGlite, text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
  const values = params ?? [];
  const statements = statementsOf(instance);
  const fast =
    DATA_STATEMENT.test(text) &&
    !statements.refused.has(text) &&
    options?.blob === undefined &&
    options?.paramTypes === undefined &&
    values.every(isLiteral);
  if (!fast) return instance.query<T>(text, params, options);
  let name = statements.names.get(text);
  if (name === undefined) {
    if (statements.names.size >= PREPARED_STATEMENTS_MAX) return instance.query<T>(text, params, options);
    name = `ottisk_${statements.next}`;
    statements.next += 1;
    try {
      await instance.exec(`PREPARE ${name} AS ${text}`);
    } catch {
      statements.refused.add(text);
      return instance.query<T>(text, params, options);
    }
    statements.names.set(text, name);
  }
  const call = values.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${(values as Literal[]).map(literalOf).join(", ")})`;
  try {
    return await execOne<T>(instance, call, mergedParsers(instance, statements, options?.parsers), options);
  } catch (error) {
    if (errorCode(error) !== UNDEFINED_PREPARED_STATEMENT) throw error;
    // The instance lost its statements: prepare again on the next call, run this one the old way.
    statements.names.clear();
    return instance.query<T>(text, params, options);
  }
}
