import { describe, expect, it } from "vitest";
import { serverErrorSchema } from "../contracts/error";
import { isServerError, toApiError } from "./error";

/*
 * isServerError is serverErrorSchema written out without zod (the error path is in every element's
 * first download). It must accept and refuse exactly what the schema does.
 */
const samples: unknown[] = [
  { statusCode: 404, code: "NOT_FOUND", messageUI: "Не найдено", message: "not found" },
  { statusCode: 422, code: "VALIDATION", messageUI: "Проверьте поля", message: "bad", issues: [{ field: "inn", messageUI: "ИНН из 10 цифр" }] },
  { statusCode: 422, code: "VALIDATION", messageUI: "Проверьте поля", message: "bad", issues: [] },
  { statusCode: 500, code: "X", messageUI: "y", message: "z", extra: true },
  { statusCode: 399, code: "X", messageUI: "y", message: "z" },
  { statusCode: 600, code: "X", messageUI: "y", message: "z" },
  { statusCode: 404.5, code: "X", messageUI: "y", message: "z" },
  { statusCode: "404", code: "X", messageUI: "y", message: "z" },
  { statusCode: 404, code: "X", messageUI: "y" },
  { statusCode: 404, code: 1, messageUI: "y", message: "z" },
  { statusCode: 404, code: "X", messageUI: "y", message: "z", issues: [{ field: "a" }] },
  { statusCode: 404, code: "X", messageUI: "y", message: "z", issues: {} },
  { statusCode: 404, code: "X", messageUI: "y", message: "z", issues: null },
  [{ statusCode: 404 }],
  null,
  "Not Found",
  undefined,
];

describe("isServerError", () => {
  it("accepts and refuses what serverErrorSchema does", () => {
    for (const sample of samples) expect(isServerError(sample), JSON.stringify(sample)).toBe(serverErrorSchema.safeParse(sample).success);
  });

  it("gives toApiError the answer's fields, without unknown ones", () => {
    const error = toApiError(new Error("HTTP 422"), 422, {
      statusCode: 422,
      code: "VALIDATION",
      messageUI: "Проверьте поля",
      message: "bad",
      issues: [{ field: "inn", messageUI: "ИНН из 10 цифр", hint: "x" }],
    });
    expect(error).toMatchObject({ status: 422, code: "VALIDATION", messageUI: "Проверьте поля", message: "bad", issues: [{ field: "inn", messageUI: "ИНН из 10 цифр" }] });
    expect(error.issues[0]).toEqual({ field: "inn", messageUI: "ИНН из 10 цифр" });
  });
});
