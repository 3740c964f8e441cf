/** The first message of each field of a zod or server problem (`company.inn` for nested fields). */
export function fieldErrors(issues: ReadonlyArray<{ field: string; messageUI: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) if (!(issue.field in errors)) errors[issue.field] = issue.messageUI;
  return errors;
}
