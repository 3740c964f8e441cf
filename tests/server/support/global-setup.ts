import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../../server/db/client";
import { seedDemoData } from "../../../server/seed/seed";
import { createFileStorages } from "../../../server/storage/file-storage";
import { adminQuery, databaseUrlOf } from "./test-database";
import type { TestDatabaseSetup } from "./test-database";

/*
 * PGlite needs seconds to create and migrate a database but a fraction of one to open a copy, so
 * the run builds ONE migrated and seeded data folder here and every test file opens its own copy
 * (tests/server/support/test-database.ts). With DATABASE_URL set, the same is done on PostgreSQL:
 * one migrated and seeded template database (with its files folder), and every test file creates
 * its own database from it.
 */

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSetup;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A run that crashed left its folder behind; its process is gone, so the folder can go. */
async function removeAbandonedRuns(testsDir: string): Promise<void> {
  const entries = await readdir(testsDir).catch(() => []);
  await Promise.all(
    entries.map(async (entry) => {
      const pid = Number(/^run-(\d+)-/.exec(entry)?.[1]);
      if (Number.isInteger(pid) && !isAlive(pid)) await rm(join(testsDir, entry), { recursive: true, force: true });
    }),
  );
}

/** The seeded template database on PostgreSQL; dropped with its files when the run ends. */
async function postgresTemplate(project: TestProject, databaseUrl: string, runDir: string): Promise<() => Promise<void>> {
  const templateDatabase = `ottisk_template_${process.pid}_${Date.now()}`;
  const templateFilesDir = join(runDir, "template-files");
  await mkdir(templateFilesDir, { recursive: true });
  const remove = async () => {
    await adminQuery(databaseUrl, `DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`);
    await rm(runDir, { recursive: true, force: true });
  };
  await adminQuery(databaseUrl, `CREATE DATABASE "${templateDatabase}"`);
  try {
    // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const template = await openDatabase({ databaseUrl: databaseUrlOf(databaseUrl, templateDatabase) });
    try {
      await seedDemoData(template.db, createFileStorages({ filesDir: templateFilesDir }).publicFiles);
    } finally {
      await template.close();
    }
  } catch (error) {
    await remove();
    throw error;
  }
  project.provide("testDatabase", { kind: "postgres", databaseUrl, templateDatabase, templateFilesDir });
  return remove;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const testsDir = join(project.config.root, ".tmp", "server-tests");
  await removeAbandonedRuns(testsDir);
  const runDir = join(testsDir, `run-${process.pid}-${Date.now()}`);
  if (databaseUrl) return postgresTemplate(project, databaseUrl, runDir);

  const templateDir = join(runDir, "template");
  await mkdir(templateDir, { recursive: true });
  const template = await openDatabase({ dataDir: templateDir });
  try {
    await seedDemoData(template.db, createFileStorages({ filesDir: join(templateDir, "files") }).publicFiles);
  } finally {
    await template.close();
  }
  project.provide("testDatabase", { kind: "pglite", templateDir, runDir });
  return async () => {
    await rm(runDir, { recursive: true, force: true });
  };
}
