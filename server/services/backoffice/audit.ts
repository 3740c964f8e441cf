import { isDeepStrictEqual } from "node:util";
import type { DatabaseTransaction } from "../../db/client";
import { auditEntry } from "../../db/backoffice.schema";
import type { AuditFieldChange } from "../../db/backoffice.schema";
import type { Viewer } from "../accounts/session.service";

/*
 * The back office's audit (issue 29): every write an employee makes there records who, when, what
 * and, for each changed field, the value before and after — in the same transaction as the write,
 * so a change is never without its entry and an entry never without its change. The areas call
 * `recordAudit(tx, …)` inside their own `db.transaction`; the admin reads the entries through
 * GET /api/employee/audit (employeeListAudit).
 */

/** Who made a change: the employee's id and name at that moment. */
export interface AuditActor {
  id: number;
  name: string;
}

export function auditActorOf(viewer: Viewer): AuditActor {
  const name = `${viewer.account.name} ${viewer.account.surname}`.trim();
  return { id: viewer.account.id, name: name === "" ? (viewer.account.email ?? `#${viewer.account.id}`) : name };
}

/** What a write changed; `before` is null for a new object, `after` null for a removed one. */
export interface AuditRecord {
  objectType: string;
  objectId: string | number;
  action: string;
  before: Readonly<Record<string, unknown>> | null;
  after: Readonly<Record<string, unknown>> | null;
}

/** JSON can hold it: dates as ISO text, undefined as null (the entry is stored as jsonb). */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** The fields whose values differ between `before` and `after` (deep comparison), in the order they first appear. */
export function changedFields(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditFieldChange[] = [];
  for (const field of fields) {
    const was = jsonValue(before?.[field]);
    const now = jsonValue(after?.[field]);
    if (!isDeepStrictEqual(was, now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/**
 * Writes the entry in `tx`. A write that changed nothing (an update with the same values) is not
 * recorded, so the audit lists only real changes; returns whether an entry was written.
 */
export async function recordAudit(tx: DatabaseTransaction, actor: AuditActor, record: AuditRecord): Promise<boolean> {
  const changes = changedFields(record.before, record.after);
  if (changes.length === 0 && record.before !== null && record.after !== null) return false;
  await tx.insert(auditEntry).values({
    employeeId: actor.id,
    employeeName: actor.name,
    objectType: record.objectType,
    objectId: String(record.objectId),
    action: record.action,
    changes,
  });
  return true;
}
