import { z } from "zod/mini";

/** One problem with one field of a request, in words a shopper understands. */
export const fieldIssueSchema = z.object({
  /** Where the problem is: a query parameter, a path parameter or a body field, e.g. `minPrice`. */
  field: z.string(),
  messageUI: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/**
 * Every error the Ottisk API answers with. `messageUI` is Russian text that may be shown to the
 * shopper as it is; `code` is a stable machine-readable name; `message` is for developers' logs.
 */
export const serverErrorSchema = z.object({
  statusCode: z.number().check(z.int(), z.gte(400), z.lte(599)),
  code: z.string(),
  messageUI: z.string(),
  message: z.string(),
  issues: z.optional(z.array(fieldIssueSchema)),
});
export type ServerError = z.infer<typeof serverErrorSchema>;
