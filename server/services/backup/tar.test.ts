import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { DamagedArchiveError, TarWriter, readTar } from "./tar";

/** A tar written by TarWriter into memory. */
async function tarOf(entries: { name: string; bytes: Uint8Array }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const writer = new TarWriter(out);
  for (const entry of entries) await writer.add(entry.name, entry.bytes.length, Readable.from([Buffer.from(entry.bytes)]));
  await writer.finish();
  return Buffer.concat(chunks);
}

async function entriesOf(tar: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  const read = [];
  for await (const entry of readTar(Readable.from([tar.subarray(0, 700), tar.subarray(700)]))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    read.push({ name: entry.name, bytes: Buffer.concat(chunks) });
  }
  return read;
}

const longName = `files/private/${"layout/".repeat(15)}${"a".repeat(90)}.pdf`;

describe("the backup archive's tar", () => {
  it("reads back what it wrote, long names (ustar's prefix) and empty files included, and so does the system's tar", async () => {
    const entries = [
      { name: "database/postgresql.sql", bytes: new TextEncoder().encode("SELECT 1;\n".repeat(100)) },
      { name: "files/empty.txt", bytes: new Uint8Array() },
      { name: longName, bytes: new Uint8Array(1536).fill(7) },
    ];
    const tar = await tarOf(entries);
    expect((await entriesOf(tar)).map((entry) => ({ name: entry.name, bytes: new Uint8Array(entry.bytes) }))).toEqual(entries);
    const folder = await mkdtemp(join(tmpdir(), "ottisk-tar-"));
    try {
      await writeFile(join(folder, "a.tar"), tar);
      expect(execFileSync("tar", ["-tf", join(folder, "a.tar")], { encoding: "utf8" }).trim().split("\n")).toEqual(entries.map((entry) => entry.name));
      execFileSync("tar", ["-xf", join(folder, "a.tar"), "-C", folder]);
      expect(new Uint8Array(await readFile(join(folder, longName)))).toEqual(entries[2]!.bytes);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses a body that is not the size its header says", async () => {
    const writer = new TarWriter(new PassThrough().resume());
    await expect(writer.add("files/a", 10, Readable.from([Buffer.alloc(4)]))).rejects.toThrow(/ended after 4 of 10 bytes/);
    await expect(new TarWriter(new PassThrough().resume()).add("files/b", 2, Readable.from([Buffer.alloc(4)]))).rejects.toThrow(/grew/);
  });

  it("calls a cut or altered archive damaged", async () => {
    const tar = await tarOf([{ name: "files/a.txt", bytes: new Uint8Array(2000).fill(1) }]);
    await expect(entriesOf(tar.subarray(0, 1200))).rejects.toThrow(DamagedArchiveError);
    const altered = Buffer.from(tar);
    altered[3] = 0x41;
    await expect(entriesOf(altered)).rejects.toThrow(/checksum/);
    await expect(entriesOf(tar.subarray(0, 2560))).rejects.toThrow(/ends in the middle/);
  });
});
