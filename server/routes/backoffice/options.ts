import type { Database } from "../../db/client";

/** What the back office's route plugins get from app.ts: the database their services write to (each write with its audit entry). */
export interface BackOfficeRouteOptions {
  database: Database;
}
