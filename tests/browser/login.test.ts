/// <reference types="mocha" />
import { expect } from "chai";
import { readText, STORAGE_KEYS, writeText } from "../../shared/state/index";
import "../../widgets/index";
import { apiBase, collectEvents, expectAccessible, find, findText, mount, resetPage, shadow, testApi, typeInto, waitFor } from "./support";


function loginRequests(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => name === `${apiBase}/auth/login`);
}

async function openLoginDialog(element: Element): Promise<{ dialog: HTMLDialogElement; form: HTMLFormElement; email: HTMLInputElement; password: HTMLInputElement }> {
  const button = await find<HTMLButtonElement>(element, ".ottisk-login__button");
  button.click();
  const dialog = await find<HTMLDialogElement>(element, "dialog[open]");
  const form = await find<HTMLFormElement>(element, "dialog[open] form");
  return {
    dialog,
    form,
    email: form.querySelector<HTMLInputElement>("input[name='email']")!,
    password: form.querySelector<HTMLInputElement>("input[name='password']")!,
  };
}

function submit(form: HTMLFormElement): void {
  form.querySelector<HTMLButtonElement>("button[type='submit']")!.click();
}

afterEach(() => resetPage());

describe("<ottisk-login>", () => {
  it("opens «Вход и регистрация» with a form password managers recognise", async () => {
    const element = mount("ottisk-login", { "admin-url": "https://admin.example" });
    const { dialog, form, email, password } = await openLoginDialog(element);

    expect(dialog.querySelector("h2")?.textContent).to.equal("Вход и регистрация");
    expect(form.getAttribute("method")).to.equal("post");
    expect(email.type).to.equal("email");
    expect(email.autocomplete).to.equal("username");
    expect(email.id).to.not.equal("");
    expect(password.type).to.equal("password");
    expect(password.autocomplete).to.equal("current-password");
    expect(password.id).to.not.equal("");
    const remember = form.querySelector<HTMLInputElement>("input[name='rememberMe']")!;
    expect(remember.type).to.equal("checkbox");
    expect(shadow(element).querySelector(`label[for='${remember.id}']`)?.textContent).to.equal("Запомнить меня");
    const links = Array.from(form.querySelectorAll("a")).map((link) => link.getAttribute("href"));
    expect(links).to.deep.equal(["https://admin.example/auth/registration", "https://admin.example/auth/password-recovery"]);
    await expectAccessible(element);
  });

  it("checks the fields before sending: Russian messages next to them and no request", async () => {
    const element = mount("ottisk-login");
    const { form, email, password } = await openLoginDialog(element);
    performance.clearResourceTimings();

    submit(form);
    await findText(element, "Введите адрес электронной почты");
    await findText(element, "Введите пароль");
    expect(email.getAttribute("aria-invalid")).to.equal("true");
    const emailMessage = shadow(element).getElementById(email.getAttribute("aria-describedby")!);
    expect(emailMessage?.textContent).to.equal("Введите адрес электронной почты");
    const passwordMessage = shadow(element).getElementById(password.getAttribute("aria-describedby")!);
    expect(passwordMessage?.textContent).to.equal("Введите пароль");
    expect(shadow(element).activeElement, "focus goes to the first wrong field").to.equal(email);

    typeInto(email, "petrova@");
    typeInto(password, "client12345");
    await findText(element, "Проверьте адрес электронной почты: в нём ошибка");
    await waitFor(() => password.getAttribute("aria-invalid") === null, "the password message to go");
    submit(form);
    await expectAccessible(element);
    expect(loginRequests(), "nothing is sent while a field is wrong").to.have.length(0);
  });

  it("shows the server's message in a negative alert on a wrong password and keeps what was typed", async () => {
    const element = mount("ottisk-login");
    const { dialog, form, email, password } = await openLoginDialog(element);
    typeInto(email, "petrova@example.com");
    typeInto(password, "wrong-password");
    submit(form);

    const alert = await find(element, "dialog[open] .ottisk-alert--negative[role='alert']");
    expect(alert.textContent).to.contain("Неверный адрес электронной почты или пароль.");
    expect(dialog.open).to.equal(true);
    expect(email.value).to.equal("petrova@example.com");
    expect(password.value).to.equal("wrong-password");
    await expectAccessible(element);
  });

  it("signs in: the dialog closes, a positive alert shows, ottisk-login fires and the name replaces 'Войти'", async () => {
    const element = mount("ottisk-login");
    const { dialog, form, email, password } = await openLoginDialog(element);
    typeInto(email, "  Petrova@Example.com ");
    typeInto(password, "client12345");
    form.querySelector<HTMLInputElement>("input[name='rememberMe']")!.click();

    const events = await collectEvents<{ name: string; typeUser: string }>("ottisk-login", async () => {
      submit(form);
      await find(element, ".ottisk-alert--positive");
    });
    expect(dialog.open).to.equal(false);
    expect(shadow(element).querySelector(".ottisk-alert--positive")?.textContent).to.contain("Вы вошли в систему");
    expect(events).to.have.length(1);
    expect(events[0]!.detail).to.deep.equal({ name: "Ольга", typeUser: "client" });
    await findText(element, "Ольга Петрова");
    expect(shadow(element).querySelector(".ottisk-login__button"), "no 'Войти' once signed in").to.equal(null);
    const logout = shadow(element).querySelector<HTMLButtonElement>("[part='logout-button']")!;
    await waitFor(() => shadow(element).activeElement === logout, "focus on 'Выйти'");
    await expectAccessible(element);

    const token = readText(STORAGE_KEYS.session(apiBase));
    const profile = await testApi({ value: token }).getProfile();
    expect(profile.email).to.equal("petrova@example.com");
  });

  it("signs out after the confirmation dialog; 'Отменить' keeps the session", async () => {
    const token = { value: null as string | null };
    await testApi(token).login({ email: "petrova@example.com", password: "client12345" });
    // The element's store reads the session from this origin's storage, as on a partner's page.
    writeText(STORAGE_KEYS.session(apiBase), token.value);
    const signedIn = mount("ottisk-login");
    await findText(signedIn, "Ольга Петрова");

    shadow(signedIn).querySelector<HTMLButtonElement>("[part='logout-button']")!.click();
    const dialog = await find<HTMLDialogElement>(signedIn, "dialog[open]");
    expect(dialog.querySelector("h2")?.textContent).to.equal("Выйти из аккаунта");
    await expectAccessible(signedIn);
    dialog.querySelector<HTMLButtonElement>("[part='logout-cancel']")!.click();
    await waitFor(() => !dialog.open, "the dialog to close");
    expect(shadow(signedIn).textContent).to.contain("Ольга Петрова");

    shadow(signedIn).querySelector<HTMLButtonElement>("[part='logout-button']")!.click();
    const again = await find<HTMLDialogElement>(signedIn, "dialog[open]");
    const events = await collectEvents("ottisk-logout", async () => {
      again.querySelector<HTMLButtonElement>("[part='logout-confirm']")!.click();
      await find(signedIn, ".ottisk-login__button");
      await waitFor(() => !again.open, "the dialog to close");
    });
    expect(events).to.have.length(1);
    const closed = await testApi(token).getProfile().then(
      () => "still signed in",
      (error: unknown) => (error as { status?: number }).status,
    );
    expect(closed).to.equal(401);
  });
});

describe("<ottisk-login> with reCAPTCHA switched on", () => {
  /**
   * Google's widget API (grecaptcha.render/reset) as its documentation describes it, standing in for
   * the script this machine cannot download: a «Я не робот» button that hands out the token the
   * test API's fake siteverify passes.
   */
  function fakeGoogleWidget(): { renders: number; resets: number } {
    const calls = { renders: 0, resets: 0 };
    const { passToken } = window.OTTISK_TEST_CAPTCHA;
    Object.assign(window, {
      grecaptcha: {
        render(container: HTMLElement, parameters: { sitekey: string; callback: (token: string) => void }) {
          calls.renders += 1;
          expect(parameters.sitekey).to.equal("browser-test-site-key");
          const button = document.createElement("button");
          button.type = "button";
          button.className = "fake-recaptcha";
          button.textContent = "Я не робот";
          button.addEventListener("click", () => parameters.callback(passToken));
          container.append(button);
          return calls.renders;
        },
        reset() {
          calls.resets += 1;
        },
      },
    });
    return calls;
  }

  afterEach(() => {
    Reflect.deleteProperty(window, "grecaptcha");
  });

  it("after failed attempts on an unknown device asks «я не робот», and signs in once the check is passed", async () => {
    const widget = fakeGoogleWidget();
    const element = mount("ottisk-login", { "api-base": window.OTTISK_TEST_CAPTCHA.apiBase });
    const { dialog, form, email, password } = await openLoginDialog(element);
    typeInto(email, "client@example.com");
    typeInto(password, "wrong-password");
    const alertText = async () => (await find(element, "dialog[open] .ottisk-alert--negative[role='alert']")).textContent ?? "";
    // Three wrong passwords: each answered 401, no captcha yet.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      submit(form);
      expect(await alertText()).to.contain("Неверный адрес электронной почты или пароль.");
      expect(shadow(element).querySelector(".fake-recaptcha")).to.equal(null);
      await waitFor(() => form.getAttribute("aria-busy") === "false", "the form to be ready again");
    }
    // The fourth attempt: the server asks this device to prove it is not a robot.
    submit(form);
    const captcha = await find<HTMLButtonElement>(element, "dialog[open] .fake-recaptcha");
    expect(await alertText()).to.match(/не робот/i);
    expect(widget.renders).to.equal(1);

    // The owner's right password, with the check passed: in.
    await waitFor(() => form.getAttribute("aria-busy") === "false", "the form to be ready again");
    typeInto(password, "client12345");
    captcha.click();
    submit(form);
    await findText(element, "Вы вошли в систему");
    expect(dialog.open).to.equal(false);
  });
});
