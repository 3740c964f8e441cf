import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's full-text search vector; Drizzle has no built-in type for it. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
