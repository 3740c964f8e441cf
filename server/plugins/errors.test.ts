import { describe, expect, it } from "vitest";
import { serverErrorSchema } from "../../shared/contracts/index";
import { ShopError } from "../services/shop-error";
import { notFoundError, toServerError } from "./errors";

describe("toServerError", () => {
  it("answers a ShopError with its own status, code and Russian message", () => {
    const body = toServerError(new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: "Product 5 does not exist" }));
    expect(body).toEqual({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: "Product 5 does not exist" });
  });

  it("keeps the status of a framework 4xx and explains it in Russian", () => {
    const tooLarge = Object.assign(new Error("Request body is too large"), { statusCode: 413, code: "FST_ERR_CTP_BODY_TOO_LARGE" });
    expect(toServerError(tooLarge)).toEqual({
      statusCode: 413,
      code: "FST_ERR_CTP_BODY_TOO_LARGE",
      messageUI: "Запрос слишком большой.",
      message: "Request body is too large",
    });
  });

  it("hides the details of anything unexpected behind a 500", () => {
    const body = toServerError(new TypeError("Cannot read properties of undefined (reading 'rows')"));
    expect(body).toEqual({ statusCode: 500, code: "INTERNAL_ERROR", messageUI: "Что-то пошло не так. Попробуйте ещё раз чуть позже.", message: "Internal server error" });
    expect(toServerError("a thrown string").statusCode).toBe(500);
    expect(toServerError(null).statusCode).toBe(500);
  });

  it("always gives a body of the error contract", () => {
    for (const error of [new Error("x"), { statusCode: 404 }, { statusCode: 302 }, undefined]) {
      expect(serverErrorSchema.safeParse(toServerError(error)).success).toBe(true);
    }
  });
});

describe("notFoundError", () => {
  it("tells an unknown API address from a missing file and a missing page", () => {
    expect(notFoundError("/api/public/nothing?x=1")).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND", messageUI: "Такого адреса в API нет" });
    expect(notFoundError("/api")).toMatchObject({ code: "ROUTE_NOT_FOUND" });
    expect(notFoundError("/files/catalog/x.svg")).toMatchObject({ code: "FILE_NOT_FOUND", messageUI: "Файл не найден" });
    expect(notFoundError("/apiary")).toMatchObject({ code: "NOT_FOUND", messageUI: "Страница не найдена" });
  });
});
