import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedQuery } from "./pglite-prepared";

/*
 * The embedded database's prepared statements answer what PGlite's own query answers: the same
 * rows for awkward text, nulls and numbers, the caller's parsers applied, and the old path for what
 * cannot be prepared or after the instance lost its statements.
 */

let instance: PGlite;

// A fresh in-memory instance (initdb): a few seconds, more on a busy machine.
beforeAll(async () => {
  instance = await PGlite.create();
  await instance.exec("CREATE TABLE note (id serial PRIMARY KEY, body text, amount integer, at timestamptz)");
}, 180_000);

afterAll(async () => {
  await instance.close();
});

const prepared = async () => (await instance.query<{ name: string }>("SELECT name FROM pg_prepared_statements ORDER BY name")).rows.map((row) => row.name);

describe("preparedQuery", () => {
  it("writes and reads text with quotes and backslashes, nulls and numbers as query does", async () => {
    const body = "it's a \\ 'quoted' -- ; DROP TABLE note; «ёлка»";
    const inserted = await preparedQuery<{ id: number }>(instance, "INSERT INTO note (body, amount, at) VALUES ($1, $2, $3) RETURNING id", [body, 42, "2026-01-02T03:04:05.000Z"], undefined);
    await preparedQuery(instance, "INSERT INTO note (body, amount, at) VALUES ($1, $2, $3)", [null, null, null], undefined);
    const text = "SELECT id, body, amount, at FROM note WHERE id = $1";
    const fast = await preparedQuery(instance, text, [inserted.rows[0]?.id], undefined);
    const plain = await instance.query(text, [inserted.rows[0]?.id]);
    expect(fast.rows).toEqual(plain.rows);
    expect(fast.rows).toEqual([{ id: inserted.rows[0]?.id, body, amount: 42, at: new Date("2026-01-02T03:04:05.000Z") }]);
    const nulls = await preparedQuery(instance, "SELECT body, amount FROM note WHERE body IS NULL", [], undefined);
    expect(nulls.rows).toEqual([{ body: null, amount: null }]);
    expect(await prepared()).toHaveLength(4);
  });

  it("applies the caller's parsers and row mode, as Drizzle passes them", async () => {
    const options = { rowMode: "array" as const, parsers: { 1184: (value: string) => value } };
    const text = "SELECT at FROM note WHERE amount = $1";
    const fast = await preparedQuery(instance, text, [42], options);
    expect(fast.rows).toEqual((await instance.query(text, [42], options)).rows);
    expect(typeof (fast.rows[0] as unknown[])[0]).toBe("string");
  });

  it("runs the old way what cannot be prepared, and prepares again after the statements are gone", async () => {
    // An untyped parameter in the select list: PREPARE cannot infer its type, Parse takes it as text.
    const untyped = await preparedQuery(instance, "SELECT $1 AS value", ["x"], undefined);
    expect(untyped.rows).toEqual([{ value: "x" }]);
    const arrays = await preparedQuery(instance, "SELECT $1::int[] AS ids", [[1, 2]], undefined);
    expect(arrays.rows).toEqual([{ ids: [1, 2] }]);
    await instance.exec("DEALLOCATE ALL");
    const again = await preparedQuery<{ amount: number }>(instance, "SELECT amount FROM note WHERE amount = $1", [42], undefined);
    expect(again.rows).toEqual([{ amount: 42 }]);
    const next = await preparedQuery<{ amount: number }>(instance, "SELECT amount FROM note WHERE amount = $1", [42], undefined);
    expect(next.rows).toEqual([{ amount: 42 }]);
    expect(await prepared()).toHaveLength(1);
  });
});
