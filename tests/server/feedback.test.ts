import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedbackFormDefinitionSchema, feedbackReceiptSchema, recaptchaConfigSchema, serverErrorSchema } from "../../shared/contracts/index";
import { createRecaptchaVerifier } from "../../server/adapters/recaptcha";
import { feedbackRequest } from "../../server/db/schema";
import { startFakeSiteverify } from "./support/fake-http";
import type { FakeSiteverify } from "./support/fake-http";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The feedback form and its captcha. Google's siteverify lives outside this machine, so a stand-in
 * on 127.0.0.1 answers in its documented shape: form fields secret, response, remoteip in;
 * {success, "error-codes"} out.
 */

const filled = {
  name: "Анна",
  phone: "8 (918) 123-45-67",
  email: "anna@example.com",
  topic: "price",
  message: "Сколько стоят 1000 визиток 4+4?",
  consent: true,
};

let offline: TestApp;
let withCaptcha: TestApp;
let siteverify: FakeSiteverify;

beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const { verifyUrl } = siteverify;
  [offline, withCaptcha] = await Promise.all([
    startTestApp(),
    startTestApp({ recaptcha: { siteKey: "site-key", verifier: createRecaptchaVerifier({ secretKey: "secret-key", verifyUrl }) } }),
  ]);
});

afterAll(async () => {
  await Promise.all([offline?.close(), withCaptcha?.close()]);
  await siteverify?.close();
});

describe("the feedback form", () => {
  it("describes its fields, in order, with the required ones marked", async () => {
    const definition = feedbackFormDefinitionSchema.parse((await offline.app.inject("/api/feedback-form")).json());
    expect(definition.fields.map((field) => field.key)).toEqual(["name", "phone", "email", "topic", "message", "consent"]);
    expect(definition.fields.filter((field) => field.required).map((field) => field.key)).toEqual(["name", "phone", "topic", "message", "consent"]);
    expect(definition.fields.find((field) => field.key === "topic")?.options.length).toBeGreaterThan(1);
  });

  it("keeps a correctly filled form, with the phone as sent and the text trimmed", async () => {
    const response = await offline.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: { ...filled, name: "  Анна  " }, pageUrl: "/kontakty" } });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = feedbackReceiptSchema.parse(response.json());
    const rows = await offline.database.db.select().from(feedbackRequest);
    const saved = rows.find((row) => row.id === id);
    expect(saved?.values).toMatchObject({ name: "Анна", consent: true, topic: "price" });
    expect(saved?.pageUrl).toBe("/kontakty");
  });

  it("names every problem in Russian: a missing required field, a wrong e-mail, a phone, an option, consent, an unknown field", async () => {
    const response = await offline.app.inject({
      method: "POST",
      url: "/api/feedback-form",
      payload: { values: { ...filled, name: " ", email: "anna@", phone: "12", topic: "free-prints", consent: false, surprise: "x" } },
    });
    expect(response.statusCode).toBe(400);
    const problem = serverErrorSchema.parse(response.json());
    expect(problem.issues).toEqual([
      { field: "surprise", messageUI: "В форме нет такого поля" },
      { field: "name", messageUI: "Заполните поле «Как к вам обращаться»" },
      { field: "phone", messageUI: "Телефон в формате +7 999 123-45-67" },
      { field: "email", messageUI: "Проверьте адрес электронной почты: в нём ошибка" },
      { field: "topic", messageUI: "Выберите «Тема» из списка" },
      { field: "consent", messageUI: "Отметьте «Согласен на обработку персональных данных»" },
    ]);
    expect(problem.messageUI).toBe("В форме нет такого поля");
    // Issue 16: «bad@» and other non-addresses are refused alone, with the e-mail named.
    for (const email of ["bad@", "bad@example", "bad@@example.com", "bad example@mail.ru", "@mail.ru"]) {
      const bad = await offline.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: { ...filled, email } } });
      expect(bad.statusCode, email).toBe(400);
      expect(serverErrorSchema.parse(bad.json()), email).toMatchObject({ messageUI: "Проверьте адрес электронной почты: в нём ошибка", issues: [{ field: "email", messageUI: "Проверьте адрес электронной почты: в нём ошибка" }] });
    }
    const notAnObject = await offline.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: "hello" } });
    expect(notAnObject.statusCode).toBe(400);
  });
});

describe("reCAPTCHA", () => {
  it("has no site key offline, so the storefront hides the captcha, and the form needs no token", async () => {
    expect(recaptchaConfigSchema.parse((await offline.app.inject("/api/ReCaptcha")).json())).toEqual({ siteKey: null });
  });

  it("gives the site key and accepts the form only with a token Google confirms", async () => {
    expect(recaptchaConfigSchema.parse((await withCaptcha.app.inject("/api/ReCaptcha")).json())).toEqual({ siteKey: "site-key" });

    const withoutToken = await withCaptcha.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: filled } });
    expect(withoutToken.statusCode).toBe(400);
    expect(serverErrorSchema.parse(withoutToken.json()).messageUI).toBe("Подтвердите, что вы не робот, и отправьте форму ещё раз.");

    const badToken = await withCaptcha.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: filled, captchaToken: "bad-token" } });
    expect(badToken.statusCode).toBe(400);

    const good = await withCaptcha.app.inject({ method: "POST", url: "/api/feedback-form", payload: { values: filled, captchaToken: "good-token" } });
    expect(good.statusCode, good.body).toBe(200);
    const last = siteverify.forms().at(-1);
    expect(last?.get("secret")).toBe("secret-key");
    expect(last?.get("response")).toBe("good-token");
    expect(last?.get("remoteip")).toBe("127.0.0.1");
  });
});
