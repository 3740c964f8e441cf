import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailListSchema, handoffGrantSchema, SESSION_COOKIE, SESSION_TOKEN_HEADER, sessionGrantSchema } from "../../../shared/contracts/index";
import { loggerOptions } from "../../../server/plugins/request-log";
import { DEVICE_COOKIE } from "../../../server/services/accounts/login-throttle";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { startLiveTestApp } from "../support/test-app";
import type { LiveTestApp } from "../support/test-app";

/*
 * Issue 28, finding 4: tokens in the log. The app logs as `npm start` does (server.ts passes the
 * same loggerOptions), at debug level, into a collector; a whole account journey runs over real
 * HTTP — registration, the confirmation letter's link, sign-in, a wrong password, the reset
 * letter's link and the new password, hand-off links (one opened by a fresh browser, one by a
 * browser signed in to another account, through the consent form), calls with the session cookie,
 * the bearer token and the session header — and no password, token or cookie value it used may
 * appear anywhere in the log, while every request line is there.
 */

const PASSWORD = "First-pass-7Qw9zX";
const NEW_PASSWORD = "Second-pass-4Rt8yU";
const WRONG_PASSWORD = "Wrong-guess-2Lm5nB";

let live: LiveTestApp;
const lines: string[] = [];

beforeAll(async () => {
  live = await startLiveTestApp({
    logger: loggerOptions("debug", { write: (line) => void lines.push(line) }),
    handoffSecret: "log-redaction-handoff-secret-0123456789",
  });
});
afterAll(async () => {
  await live?.close();
});

/** A browser: its cookies, sent back on every call. */
class Browser {
  readonly cookies = new Map<string, string>();

  async call(path: string, init: { method?: string; json?: unknown; form?: URLSearchParams; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: live.origin, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (init.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = init.form.toString();
    }
    const response = await fetch(new URL(path, live.origin), { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";", 1);
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    return response;
  }
}

/** The newest letter's link to `email`, from the dev mail page (loopback). */
async function newestLink(email: string): Promise<URL> {
  const response = await fetch(`${live.origin}/api/dev/mail.json?to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  const [newest] = devMailListSchema.parse(await response.json());
  expect(newest?.link, "the letter has a link").toBeTruthy();
  return new URL(newest!.link!);
}

describe("the request log (finding 4)", () => {
  it("keeps every password, token, cookie and session header of a whole account journey out of the log", async () => {
    const secrets = new Map<string, string>([
      ["the password", PASSWORD],
      ["the new password", NEW_PASSWORD],
      ["a wrong password", WRONG_PASSWORD],
    ]);
    const keep = (label: string, value: string | null | undefined) => {
      expect(value, label).toBeTruthy();
      secrets.set(label, value!);
    };
    const email = `log-${Date.now()}@example.com`;
    const browser = new Browser();

    // Registration: a session (cookie, header, body) and the known-device cookie.
    const registered = await browser.call("/api/auth/registration", {
      json: { kind: "personal", email, password: PASSWORD, name: "Анна", surname: "Журналова", phone: "8 (918) 555-12-34", consent: true },
    });
    expect(registered.status).toBe(201);
    keep("the registration's session header", registered.headers.get(SESSION_TOKEN_HEADER));
    keep("the registration's token", sessionGrantSchema.parse(await registered.json()).token);
    keep("the registration's session cookie", browser.cookies.get(SESSION_COOKIE));
    keep("the device cookie", browser.cookies.get(DEVICE_COOKIE));

    // The confirmation letter's link, opened as the browser does (the page), then its token posted as the page does.
    const confirmLink = await newestLink(email);
    keep("the confirmation token", confirmLink.searchParams.get("token"));
    await browser.call(`${confirmLink.pathname}${confirmLink.search}`);
    expect((await browser.call("/api/auth/confirm-email", { json: { token: confirmLink.searchParams.get("token") } })).status).toBe(200);

    // Sign-in: once wrong, once right.
    expect((await browser.call("/api/auth/login", { json: { email, password: WRONG_PASSWORD } })).status).toBe(401);
    const signedIn = await browser.call("/api/auth/login", { json: { email, password: PASSWORD, rememberMe: true } });
    expect(signedIn.status).toBe(200);
    keep("the sign-in's token", sessionGrantSchema.parse(await signedIn.json()).token);
    keep("the sign-in's session cookie", browser.cookies.get(SESSION_COOKIE));

    // Password recovery: the reset letter's link, its page, the new password.
    expect((await browser.call("/api/auth/password-recovery", { json: { email } })).status).toBe(200);
    const resetLink = await newestLink(email);
    keep("the reset token", resetLink.searchParams.get("token"));
    await browser.call(`${resetLink.pathname}${resetLink.search}`);
    const reset = await browser.call("/api/auth/password-reset", { json: { token: resetLink.searchParams.get("token"), password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    const bearer = sessionGrantSchema.parse(await reset.json()).token;
    keep("the reset's token", bearer);
    keep("the reset's session cookie", browser.cookies.get(SESSION_COOKIE));

    // Calls with the cookie, with the bearer token and with the session header, as widgets make them.
    expect((await browser.call("/api/account/profile")).status).toBe(200);
    const widget = new Browser();
    expect((await widget.call("/api/account/profile", { headers: { authorization: `Bearer ${bearer}` } })).status).toBe(200);
    await widget.call("/api/account/profile", { headers: { [SESSION_TOKEN_HEADER]: bearer } });

    // A hand-off link opened by a fresh browser: the session is handed over.
    const handoff = async (label: string) => {
      const answer = await widget.call("/api/auth/handoff", { json: { next: "/cart" }, headers: { authorization: `Bearer ${bearer}` } });
      expect(answer.status).toBe(200);
      const url = new URL(handoffGrantSchema.parse(await answer.json()).url);
      keep(label, url.searchParams.get("token"));
      return url;
    };
    const fresh = new Browser();
    const firstLink = await handoff("the first hand-off token");
    expect((await fresh.call(`${firstLink.pathname}${firstLink.search}`)).status).toBe(303);
    keep("the handed-over session cookie", fresh.cookies.get(SESSION_COOKIE));
    expect((await fresh.call("/api/account/profile")).status).toBe(200);

    // One opened by a browser signed in to another account: the consent page, then its form.
    const other = new Browser();
    const otherSignIn = await other.call("/api/auth/login", { json: DEMO_ACCOUNTS.client });
    expect(otherSignIn.status).toBe(200);
    keep("the other account's token", sessionGrantSchema.parse(await otherSignIn.json()).token);
    keep("the other account's password", DEMO_ACCOUNTS.client.password);
    const secondLink = await handoff("the second hand-off token");
    expect((await other.call(`${secondLink.pathname}${secondLink.search}`)).status).toBe(200);
    const confirmed = await other.call("/api/auth/handoff/confirm", { form: new URLSearchParams({ token: secondLink.searchParams.get("token")!, next: "/cart" }) });
    expect(confirmed.status).toBe(303);
    keep("the consent's session cookie", other.cookies.get(SESSION_COOKIE));
    expect((await other.call("/api/auth/logout", { method: "POST" })).status).toBe(200);

    const log = lines.join("");
    // The log is there: every request line, the links' paths with their secret values blanked.
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('"url":"/api/auth/registration"');
    expect(log).toContain('"url":"/api/auth/login"');
    expect(log).toContain('"url":"/api/account/profile"');
    expect(log).toContain('"url":"/api/auth/handoff/confirm"');
    const leaked = [...secrets].filter(([, value]) => log.includes(value)).map(([label]) => label);
    expect(leaked, "secrets found in the log").toEqual([]);
    expect(log.toLowerCase()).not.toContain("bearer ");
    expect(log).toContain(`"url":"${confirmLink.pathname}?token=[redacted]"`);
    expect(log).toContain(`"url":"${resetLink.pathname}?token=[redacted]"`);
    expect(log).toContain('"url":"/api/auth/handoff?token=[redacted]&next=%2Fcart"');
  }, 60_000);
});
