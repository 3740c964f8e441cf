import { and, eq, isNull } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { PASSWORD_IS_EMAIL_MESSAGE, sameAsEmail } from "../../../shared/contracts/index";
import type { Registration } from "../../../shared/contracts/index";
import { formatPhone } from "../../../shared/domain/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { account, company, emailToken, session } from "../../db/schema";
import type { AccountRow } from "../../db/schema";
import { emailTokenPurposeValues } from "../../db/mail.schema";
import type { LayoutDesignQuotas } from "../../limits";
import { adoptTemporaryAccount } from "./account.service";
import { CONFIRM_EMAIL_PATH, confirmEmailMail, emailLink, PASSWORD_RESET_PATH, passwordResetMail } from "../mail/account-mail";
import type { LoginClient, LoginThrottle } from "./login-throttle";
import { queueMail } from "../mail/mail-outbox";
import type { MailOutbox } from "../mail/mail-outbox";
import { hashPassword } from "./password";
import { hashToken } from "./session.service";
import type { OpenedSession, SessionService, Viewer } from "./session.service";
import { ShopError } from "../shop-error";

/*
 * Registration, e-mail confirmation and password recovery. A link sent by e-mail carries a random
 * 256-bit token; only its SHA-256 is stored (`email_token`), it works once and not after its
 * lifetime. Every letter is written into the outbox in the same transaction as the token it
 * carries, and the outbox is woken after the commit (services/mail/mail-outbox.ts).
 */

const HOUR_MS = 60 * 60 * 1000;

/** How long a link works: confirming the address 48 hours, setting a new password 1 hour. */
export const EMAIL_TOKEN_LIFETIME_MS = { confirm_email: 48 * HOUR_MS, reset_password: HOUR_MS } as const;

type Purpose = (typeof emailTokenPurposeValues)[number];

/** The same answer whether or not the address has an account (no account enumeration). */
export const RECOVERY_SENT_MESSAGE =
  "Если такой адрес зарегистрирован, мы отправили на него ссылку для восстановления пароля. Ссылка действует 1 час. Не пришло письмо — проверьте папку «Спам».";
export const CONFIRMATION_SENT_MESSAGE = "Мы отправили письмо со ссылкой для подтверждения. Ссылка действует 48 часов.";
export const ALREADY_CONFIRMED_MESSAGE = "Адрес уже подтверждён.";

/** A session opened for the account, and the device cookie of sign-in (services/accounts/login-throttle.ts). */
export interface SignedIn {
  viewer: Viewer;
  opened: OpenedSession;
  deviceToken: string;
}

export interface RegistrationService {
  /**
   * A new client account (and its first company, selected), signed in; a visitor's temporary
   * account's favourites and cart move into it as on sign-in; the confirmation letter is queued.
   */
  register(input: Registration, context: { current: Viewer | null; client: LoginClient; publicOrigin: string }): Promise<SignedIn>;
  /** Confirms the address of the link's account; the link is used up. */
  confirmEmail(token: string): Promise<{ email: string }>;
  /** A new confirmation link for the signed-in account; false when its address is confirmed already. */
  resendConfirmation(viewer: Viewer, publicOrigin: string): Promise<boolean>;
  /** Queues a reset link when the address has an account; does the same work either way. */
  requestPasswordReset(email: string, publicOrigin: string): Promise<void>;
  /** Sets the new password, ends the account's sessions, confirms the address and signs the caller in. */
  resetPassword(input: { token: string; password: string }, context: { current: Viewer | null; client: LoginClient }): Promise<SignedIn>;
}

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

const emailTaken = () =>
  new ShopError({
    statusCode: 409,
    code: "EMAIL_TAKEN",
    messageUI: "Этот адрес уже зарегистрирован. Войдите или восстановите пароль.",
    message: "An account with this e-mail exists",
  });

const linkUnknown = () =>
  new ShopError({
    statusCode: 404,
    code: "EMAIL_LINK_UNKNOWN",
    messageUI: "Ссылка не найдена. Откройте ссылку из последнего письма целиком или запросите новое письмо.",
    message: "No such e-mail token",
  });

function linkUsed(purpose: Purpose): ShopError {
  return new ShopError({
    statusCode: 410,
    code: "EMAIL_LINK_USED",
    messageUI:
      purpose === "confirm_email"
        ? "Эта ссылка уже использована: адрес подтверждён. Ничего делать не нужно."
        : "Эта ссылка уже использована или заменена новой. Запросите восстановление пароля ещё раз.",
    message: "The e-mail token was used",
  });
}

function linkExpired(purpose: Purpose): ShopError {
  return new ShopError({
    statusCode: 410,
    code: "EMAIL_LINK_EXPIRED",
    messageUI:
      purpose === "confirm_email"
        ? "Срок действия ссылки истёк (48 часов). Войдите и отправьте письмо ещё раз."
        : "Срок действия ссылки истёк (1 час). Запросите восстановление пароля ещё раз.",
    message: "The e-mail token expired",
  });
}

const passwordIsEmail = () =>
  new ShopError({
    statusCode: 400,
    code: "VALIDATION_ERROR",
    messageUI: PASSWORD_IS_EMAIL_MESSAGE,
    message: "The password is the e-mail address",
    issues: [{ field: "password", messageUI: PASSWORD_IS_EMAIL_MESSAGE }],
  });

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Writes a link's token (its hash) for the account; the raw token for the letter. */
async function issueToken(tx: DatabaseTransaction, accountId: number, purpose: Purpose): Promise<string> {
  const { token, tokenHash } = newToken();
  await tx.insert(emailToken).values({ accountId, purpose, tokenHash, expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS[purpose]) });
  return token;
}

/**
 * Ends the account's unused links of `purpose` (all purposes when null): a newer link replaces the
 * older ones, and a changed password makes every reset link void. Call from any code that changes
 * a password.
 */
export async function voidEmailTokens(tx: Pick<Database, "update">, accountId: number, purpose: Purpose | null): Promise<void> {
  await tx
    .update(emailToken)
    .set({ usedAt: new Date() })
    .where(and(eq(emailToken.accountId, accountId), isNull(emailToken.usedAt), purpose === null ? undefined : eq(emailToken.purpose, purpose)));
}

/** A link's row by its token, locked for the transaction; the error the visitor reads when it cannot be used. */
async function takeToken(tx: DatabaseTransaction, token: string, purpose: Purpose) {
  const [row] = await tx
    .select()
    .from(emailToken)
    .where(and(eq(emailToken.tokenHash, hashToken(token)), eq(emailToken.purpose, purpose)))
    .limit(1)
    .for("update");
  if (!row) throw linkUnknown();
  if (row.usedAt !== null) throw linkUsed(purpose);
  if (row.expiresAt.getTime() <= Date.now()) throw linkExpired(purpose);
  return row;
}

export function createRegistrationService(db: Database, deps: { sessions: SessionService; outbox: MailOutbox; throttle: LoginThrottle; designQuotas: LayoutDesignQuotas }): RegistrationService {
  const { sessions, outbox, throttle } = deps;

  /** Signs in to `accountId` as /auth/login does (same session kinds, same device cookie). */
  async function signIn(accountId: number, client: LoginClient): Promise<SignedIn> {
    const opened = await sessions.open(accountId, "ordinary");
    const viewer = await sessions.resolve(opened.token);
    if (!viewer) throw new Error("The session was not found right after it was opened");
    return { viewer, opened, deviceToken: throttle.deviceToken(accountId, client) };
  }

  /** The caller's session before the new one: a visitor's temporary account moves in (as on sign-in), another account's session ends. */
  async function leaveCurrent(tx: DatabaseTransaction, current: Viewer | null, accountId: number): Promise<void> {
    if (current?.account.temporary) await adoptTemporaryAccount(tx, current.account.id, accountId, deps.designQuotas);
    else if (current) await tx.delete(session).where(eq(session.id, current.sessionId));
  }

  return {
    async register(input, { current, client, publicOrigin }) {
      const [taken] = await db.select({ id: account.id }).from(account).where(eq(account.email, input.email)).limit(1);
      if (taken) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      let created: AccountRow;
      try {
        created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(account)
            // The phone as the profile page keeps it: in the mask's format (+7 918 555-12-34).
            .values({ email: input.email, passwordHash, typeUser: "client", name: input.name, surname: input.surname, phone: formatPhone(input.phone) })
            .returning();
          if (!row) throw new Error("The account was not created");
          if (input.kind === "company" && input.company) {
            const [firm] = await tx
              .insert(company)
              .values({
                accountId: row.id,
                name: input.company.name,
                inn: input.company.inn,
                kpp: input.company.kpp ?? null,
                ogrn: input.company.ogrn ?? null,
                legalAddress: input.company.legalAddress,
              })
              .returning({ id: company.id });
            if (!firm) throw new Error("The company was not created");
            await tx.update(account).set({ selectedCompanyId: firm.id }).where(eq(account.id, row.id));
          }
          const token = await issueToken(tx, row.id, "confirm_email");
          await queueMail(tx, confirmEmailMail(input.email, input.name, emailLink(publicOrigin, CONFIRM_EMAIL_PATH, token)));
          // The visitor's cart goes into the account it now has (into the company's cart for a company).
          await leaveCurrent(tx, current, row.id);
          return row;
        });
      } catch (error) {
        // Two registrations of one address at once: the second meets the unique index.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      outbox.wake();
      return signIn(created.id, client);
    },

    async confirmEmail(token) {
      const email = await db.transaction(async (tx) => {
        const row = await takeToken(tx, token, "confirm_email");
        const [owner] = await tx.select().from(account).where(eq(account.id, row.accountId)).limit(1);
        if (!owner?.email) throw linkUnknown();
        await tx.update(emailToken).set({ usedAt: new Date() }).where(eq(emailToken.id, row.id));
        await voidEmailTokens(tx, owner.id, "confirm_email");
        if (owner.emailConfirmedAt === null) await tx.update(account).set({ emailConfirmedAt: new Date() }).where(eq(account.id, owner.id));
        return owner.email;
      });
      return { email };
    },

    async resendConfirmation(viewer, publicOrigin) {
      const [owner] = await db.select().from(account).where(eq(account.id, viewer.account.id)).limit(1);
      if (!owner?.email || owner.emailConfirmedAt !== null) return false;
      const email = owner.email;
      await db.transaction(async (tx) => {
        await voidEmailTokens(tx, owner.id, "confirm_email");
        const token = await issueToken(tx, owner.id, "confirm_email");
        await queueMail(tx, confirmEmailMail(email, owner.name, emailLink(publicOrigin, CONFIRM_EMAIL_PATH, token)));
      });
      outbox.wake();
      return true;
    },

    async requestPasswordReset(email, publicOrigin) {
      const [owner] = await db
        .select()
        .from(account)
        .where(and(eq(account.email, email), eq(account.temporary, false)))
        .limit(1);
      // The token is made and hashed, and a transaction runs, whether or not the address has an
      // account, so the answer's time tells nothing; the letter itself goes out later, from the outbox.
      const { token, tokenHash } = newToken();
      await db.transaction(async (tx) => {
        await voidEmailTokens(tx, owner?.id ?? 0, "reset_password");
        if (!owner) return;
        await tx.insert(emailToken).values({
          accountId: owner.id,
          purpose: "reset_password",
          tokenHash,
          expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS.reset_password),
        });
        await queueMail(tx, passwordResetMail(email, owner.name, emailLink(publicOrigin, PASSWORD_RESET_PATH, token)));
      });
      if (owner) outbox.wake();
    },

    async resetPassword(input, { current, client }) {
      // Checked before the costly hash, and again under the lock below.
      const [found] = await db
        .select({ token: emailToken, email: account.email })
        .from(emailToken)
        .innerJoin(account, eq(account.id, emailToken.accountId))
        .where(and(eq(emailToken.tokenHash, hashToken(input.token)), eq(emailToken.purpose, "reset_password")))
        .limit(1);
      if (!found) throw linkUnknown();
      if (found.token.usedAt !== null) throw linkUsed("reset_password");
      if (found.token.expiresAt.getTime() <= Date.now()) throw linkExpired("reset_password");
      if (found.email && sameAsEmail(input.password, found.email)) throw passwordIsEmail();
      const passwordHash = await hashPassword(input.password);

      const accountId = await db.transaction(async (tx) => {
        const row = await takeToken(tx, input.token, "reset_password");
        const now = new Date();
        const [owner] = await tx.select({ emailConfirmedAt: account.emailConfirmedAt }).from(account).where(eq(account.id, row.accountId)).limit(1);
        // The link came to the address: it confirms it too.
        await tx
          .update(account)
          .set({ passwordHash, ...(owner?.emailConfirmedAt ? {} : { emailConfirmedAt: now }) })
          .where(eq(account.id, row.accountId));
        // This link, the other reset links and any confirmation link are all done with.
        await voidEmailTokens(tx, row.accountId, null);
        // Whoever held a session with the old password holds nothing now.
        await tx.delete(session).where(eq(session.accountId, row.accountId));
        if (current && current.account.id !== row.accountId) await leaveCurrent(tx, current, row.accountId);
        return row.accountId;
      });
      return signIn(accountId, client);
    },
  };
}
