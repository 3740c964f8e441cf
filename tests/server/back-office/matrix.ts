import type { InjectOptions } from "fastify";
import type { EmployeeRole } from "../../../shared/contracts/index";
import type { TestApp } from "../support/test-app";

/*
 * The back office's authorization matrix (issue 29): every /api/employee/… operation × every kind
 * of caller — nobody signed in, a visitor's temporary account, a client, and an employee of each
 * role. Each area lists its operations in its own `*.calls.ts`, with the roles that may call each
 * (an admin may call everything); tests/server/back-office-authorization.test.ts runs them all.
 */

export type BackOfficeActor = "anonymous" | "visitor" | "client" | EmployeeRole;

/** What the calls act on: ids made by the area's `prepare` (a category, a product, a page …). */
export type MatrixIds = Readonly<Record<string, number>>;

export interface MatrixContext {
  testApp: TestApp;
  /** The demo admin's bearer token (admin + manager), for preparing things. */
  adminToken: string;
}

export interface BackOfficeCall {
  /** "METHOD /api/path/{param}" as the OpenAPI document names it. */
  route: string;
  /** The roles admitted besides admin (admin is always admitted); [] means admin only. */
  roles: readonly EmployeeRole[];
  request(ids: MatrixIds): Omit<InjectOptions, "headers"> & { headers?: Record<string, string> };
  /** Calls that use something up (create with a unique slug, disable) get fresh ids for each admitted caller. */
  fresh?: (context: MatrixContext, actor: BackOfficeActor) => Promise<MatrixIds>;
}

export interface BackOfficeArea {
  name: string;
  /** Makes what the area's calls act on; runs once, before any call. */
  prepare(context: MatrixContext): Promise<MatrixIds>;
  calls: readonly BackOfficeCall[];
}
