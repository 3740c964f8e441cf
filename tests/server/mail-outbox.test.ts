import { eq } from "drizzle-orm";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMailListSchema } from "../../shared/contracts/index";
import { createServer } from "node:net";
import { createFileTransport, createSmtpTransport, mailFileName, SMTP_TIMEOUTS_MS } from "../../server/adapters/mailer";
import { mailOutbox } from "../../server/db/schema";
import { createMailOutbox, DEFAULT_MAIL_OUTBOX, queueMail, retryDelayMs } from "../../server/services/mail/mail-outbox";
import { problemOf } from "./support/api-calls";
import { serveOnLoopback } from "./support/fake-http";
import { startTestApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/*
 * The mail outbox: a letter is a row written with what it announces, then delivered — into .eml
 * files without SMTP, retried with a growing wait after a failure (a real one: the folder cannot
 * be created, the SMTP server does not answer) — and the dev mail page that shows the letters,
 * which exists only without SMTP and unless OTTISK_DEV_MAIL=off.
 */

let testApp: TestApp;
let mailDir: string;

beforeAll(async () => {
  mailDir = await mkdtemp(join(tmpdir(), "ottisk-mail-"));
  testApp = await startTestApp({ mail: { dir: mailDir, from: "Оттиск <shop@ottisk.test>" } });
});
afterAll(async () => {
  await testApp.close();
  await rm(mailDir, { recursive: true, force: true });
});

async function waitFor<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("delivery into the data folder", () => {
  it("writes the registration letter as an .eml file right after the commit, with the link and both bodies", async () => {
    const email = `eml-${Date.now()}@example.ru`;
    const registered = await testApp.app.inject({
      method: "POST",
      url: "/api/auth/registration",
      payload: { kind: "personal", email, password: "secret12345", name: "Олег", phone: "+7 918 000-11-22", consent: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [row] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toBeDefined();

    // Woken after the commit: no round is asked for here.
    const file = await waitFor(async () => (await readdir(mailDir)).find((name) => name === mailFileName(row!)), "the .eml file");
    const eml = await readFile(join(mailDir, file), "utf8");
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toMatch(/From: =\?UTF-8\?[BQ]\?.+\?= <shop@ottisk\.test>/);
    expect(eml).toMatch(/Subject: =\?UTF-8\?[BQ]\?/);
    expect(eml).toContain("Content-Type: text/plain; charset=utf-8");
    expect(eml).toContain("Content-Type: text/html; charset=utf-8");
    expect(eml).toContain(`Message-ID: <ottisk-mail-${row!.id}-`);
    // The file is written first, the row marked sent right after: wait for the mark, not only the file.
    const sent = await waitFor(async () => {
      const [current] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      return current?.sentAt ? current : null;
    }, "the letter marked sent");
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("retries after a failure with a growing wait, keeping the last error, then delivers once", async () => {
    const folder = await mkdtemp(join(tmpdir(), "ottisk-mail-retry-"));
    const target = join(folder, "mail");
    // A file where the folder should be: the transport cannot create it (ENOTDIR / EEXIST).
    await writeFile(target, "not a folder");
    // Far ahead, so the app's own outbox (on the real clock) never finds this letter due.
    let clock = Date.parse("2100-03-01T10:00:00Z");
    const errors: unknown[] = [];
    const outbox = createMailOutbox(testApp.database.db, createFileTransport(target, "shop@ottisk.test"), {
      now: () => clock,
      settings: { firstRetryMs: 30_000 },
      onError: (error) => errors.push(error),
    });
    try {
      // Letters already in the table belong to the app's own outbox: delivered first, out of this one's way.
      await testApp.app.mail.deliverDue();
      const id = await queueMail(testApp.database.db, { to: "retry@example.ru", subject: "Проверка", text: "Текст" });
      await testApp.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(clock) }).where(eq(mailOutbox.id, id));

      expect(await outbox.deliverDue()).toBe(0);
      const [failed] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(failed).toMatchObject({ attempts: 1, sentAt: null });
      expect(failed!.lastError).toMatch(/EEXIST|ENOTDIR/);
      expect(failed!.nextAttemptAt.getTime()).toBe(clock + 30_000);
      expect(errors).toHaveLength(1);

      clock += 10_000;
      expect(await outbox.deliverDue(), "not due yet").toBe(0);
      clock += 25_000;
      expect(await outbox.deliverDue(), "the folder is still blocked").toBe(0);
      const [twice] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(twice!.attempts).toBe(2);
      expect(twice!.nextAttemptAt.getTime(), "the wait doubled").toBe(clock + 60_000);

      await rm(target);
      clock += 60_000;
      expect(await outbox.deliverDue()).toBe(1);
      const [sent] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent).toMatchObject({ attempts: 3, lastError: null });
      expect(await readdir(target)).toEqual([mailFileName(sent!)]);
      clock += 3_600_000;
      expect(await outbox.deliverDue(), "a delivered letter goes once").toBe(0);
    } finally {
      await outbox.stop();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("grows the wait to at most an hour", () => {
    expect([1, 2, 3, 7, 8].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 1_920_000, 3_600_000]);
  });

  it("keeps the SMTP server's refusal as the letter's last error", async () => {
    const later = Date.parse("2100-04-01T10:00:00Z");
    const outbox = createMailOutbox(testApp.database.db, createSmtpTransport("smtp://127.0.0.1:9", "shop@ottisk.test"), { now: () => later });
    try {
      await testApp.app.mail.deliverDue();
      const id = await queueMail(testApp.database.db, { to: "smtp@example.ru", subject: "SMTP", text: "Текст" });
      await testApp.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(later) }).where(eq(mailOutbox.id, id));
      expect(await outbox.deliverDue()).toBe(0);
      const [failed] = await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(failed!.sentAt).toBeNull();
    } finally {
      await outbox.stop();
    }
  });
});

describe("the SMTP transport", () => {
  it("gives up on a server that never greets within the transport's timeout (under the outbox's lease), so the letter is retried, not sent twice", async () => {
    expect(SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.socketTimeout).toBeLessThan(DEFAULT_MAIL_OUTBOX.leaseMs);
    // A listener that takes the connection and says nothing; the operator's own value in the URL wins over the default.
    const silent = createServer(() => undefined);
    const { port } = new URL(await serveOnLoopback(silent));
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}?greetingTimeout=300`, "shop@ottisk.test");
    try {
      await expect(transport.send({ id: 1, to: "smtp@example.ru", subject: "SMTP", text: "Текст", html: null, createdAt: new Date() })).rejects.toThrow(/Greeting never received/);
    } finally {
      transport.close();
      silent.close();
    }
  });
});

describe("the dev mail page", () => {
  it("lists the letters newest first and shows one with its link clickable, under the plain pages' CSP", async () => {
    const email = `dev-${Date.now()}@example.ru`;
    await testApp.app.inject({ method: "POST", url: "/api/auth/password-recovery", payload: { email } });
    await testApp.app.inject({
      method: "POST",
      url: "/api/auth/registration",
      payload: { kind: "personal", email, password: "secret12345", name: "Вера <b>", phone: "+7 918 000-11-33", consent: true },
    });
    const list = await testApp.app.inject({ method: "GET", url: "/api/dev/mail" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toContain("text/html");
    expect(list.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(list.body).toContain("Письма магазина");
    const letters = devMailListSchema.parse((await testApp.app.inject({ method: "GET", url: `/api/dev/mail.json?to=${encodeURIComponent(email.toUpperCase())}` })).json());
    expect(letters.map((letter) => letter.subject), "only the registration letter: the address had no account before").toEqual(["Подтвердите адрес электронной почты — «Оттиск»"]);
    expect(list.body).toContain(`href="/api/dev/mail/${letters[0]!.id}"`);
    const all = devMailListSchema.parse((await testApp.app.inject({ method: "GET", url: "/api/dev/mail.json" })).json());
    expect(all.map((letter) => letter.id)).toEqual([...all.map((letter) => letter.id)].sort((a, b) => b - a));

    const one = await testApp.app.inject({ method: "GET", url: `/api/dev/mail/${letters[0]!.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(`<a href="${letters[0]!.link}">`);
    expect(one.body).toContain("Здравствуйте, Вера &lt;b&gt;!");
    expect(one.body).not.toContain("Вера <b>");
    expect((await testApp.app.inject({ method: "GET", url: "/api/dev/mail/2147483647" })).statusCode).toBe(404);
  });

  it("answers only this computer and employees: a caller from elsewhere gets 403", async () => {
    const remote = await testApp.app.inject({ method: "GET", url: "/api/dev/mail.json", remoteAddress: "203.0.113.7" });
    expect(remote.statusCode).toBe(403);
    expect(problemOf(remote).messageUI).toContain("только с компьютера, где он запущен");
    const login = await testApp.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "manager@example.com", password: "manager12345" }, remoteAddress: "203.0.113.7" });
    const token = (login.json() as { token: string }).token;
    const employee = await testApp.app.inject({ method: "GET", url: "/api/dev/mail.json", remoteAddress: "203.0.113.7", headers: { authorization: `Bearer ${token}` } });
    expect(employee.statusCode).toBe(200);
  });

  it("is not there with SMTP set, nor with OTTISK_DEV_MAIL=off", async () => {
    for (const mail of [{ smtpUrl: "smtp://127.0.0.1:9" }, { devPage: false }]) {
      const other = await startTestApp({ mail });
      try {
        for (const url of ["/api/dev/mail", "/api/dev/mail.json", "/api/dev/mail/1"]) {
          const response = await other.app.inject({ method: "GET", url });
          expect(response.statusCode, `${JSON.stringify(mail)} ${url}`).toBe(404);
        }
        expect(other.app.mail.transport).toBe("smtpUrl" in mail ? "smtp" : "files");
      } finally {
        await other.close();
      }
    }
  });
});
