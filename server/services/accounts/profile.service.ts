import { and, eq, ne } from "drizzle-orm";
import type { ProfileUpdate } from "../../../shared/contracts/index";
import { formatPhone, isCompletePhone } from "../../../shared/domain/index";
import type { Database } from "../../db/client";
import { account, session } from "../../db/schema";
import { hashPassword, verifyPassword } from "./password";
import { voidEmailTokens } from "./registration.service";
import type { Viewer } from "./session.service";
import { ShopError } from "../shop-error";

/*
 * The signed-in person's own data: name, surname and phone, and the password. It is always the
 * caller's own account — an employee in client mode changes their own, never the client's (the
 * client's name and password are the client's to change).
 */

export interface ProfileService {
  update(viewer: Viewer, input: ProfileUpdate): Promise<void>;
  /** Checks the current password, stores the new one and ends the account's other sessions. */
  changePassword(viewer: Viewer, input: { currentPassword: string; newPassword: string }): Promise<void>;
}

const PHONE_MESSAGE = "Телефон указан не полностью: номер в формате +7 999 123-45-67";

/** The phone as the shop's mask writes it («+7 999 123-45-67»), null for none; a number the mask cannot complete is a 400. */
export function maskedPhone(input: string): string | null {
  if (input.trim() === "") return null;
  if (!isCompletePhone(input)) {
    throw new ShopError({ statusCode: 400, code: "VALIDATION_ERROR", messageUI: PHONE_MESSAGE, message: "Incomplete phone", issues: [{ field: "phone", messageUI: PHONE_MESSAGE }] });
  }
  return formatPhone(input);
}

export function createProfileService(db: Database): ProfileService {
  return {
    async update(viewer, input) {
      const phone = maskedPhone(input.phone);
      await db.update(account).set({ name: input.name, surname: input.surname, phone }).where(eq(account.id, viewer.account.id));
      // The viewer is updated too, so the profile answered right after shows the change.
      viewer.account.name = input.name;
      viewer.account.surname = input.surname;
      viewer.account.phone = phone;
    },

    async changePassword(viewer, input) {
      const [row] = await db.select({ passwordHash: account.passwordHash }).from(account).where(eq(account.id, viewer.account.id)).limit(1);
      if (!row?.passwordHash || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
        const messageUI = "Текущий пароль введён неверно.";
        throw new ShopError({
          statusCode: 400,
          code: "WRONG_PASSWORD",
          messageUI,
          message: "The current password does not match",
          issues: [{ field: "currentPassword", messageUI }],
        });
      }
      if (input.newPassword === input.currentPassword) {
        const messageUI = "Новый пароль совпадает с текущим: придумайте другой.";
        throw new ShopError({ statusCode: 400, code: "SAME_PASSWORD", messageUI, message: "The new password is the current one", issues: [{ field: "newPassword", messageUI }] });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(account).set({ passwordHash }).where(eq(account.id, viewer.account.id));
        // A reset link sent before the change must not set another password after it.
        await voidEmailTokens(tx, viewer.account.id, "reset_password");
        // Whoever else holds a session of the account (a stolen one too) must sign in again.
        await tx.delete(session).where(and(eq(session.accountId, viewer.account.id), ne(session.id, viewer.sessionId)));
      });
    },
  };
}
