import { and, asc, eq, sql } from "drizzle-orm";
import { isEmployeeRole } from "../../../shared/contracts/index";
import type { AccountProfile, FavoriteState } from "../../../shared/contracts/index";
import { formatPhone } from "../../../shared/domain/index";
import type { Database } from "../../db/client";
import { account, company, favorite, product } from "../../db/schema";
import { mergeVisitorCart } from "../cart/cart-lines.service";
import { moveVisitorDesigns } from "../layout-designs/layout-design.service";
import { publicFileUrl } from "../catalog/catalog.mapper";
import { ownsCompany } from "./company.service";
import { verifyAgainstDecoy, verifyPassword } from "./password";
import type { GeoService } from "../geo/geo.service";
import type { LayoutDesignQuotas } from "../../limits";
import type { LoginClient, LoginThrottle } from "./login-throttle";
import type { OpenedSession, SessionService, Viewer } from "./session.service";
import { ShopError } from "../shop-error";

/*
 * Signing in and out, the profile of spec §3, the shopper's company and city, favourites.
 * Failed sign-ins are slowed down per address and per account in the database, so every API node
 * sees the same count (services/accounts/login-throttle.ts).
 */

export interface AccountService {
  login(
    input: { email: string; password: string; rememberMe: boolean; captchaToken?: string | undefined },
    client: LoginClient,
    current: Viewer | null,
  ): Promise<{ viewer: Viewer; opened: OpenedSession; deviceToken: string }>;
  logout(viewer: Viewer | null): Promise<void>;
  profile(viewer: Viewer, publicOrigin: string): Promise<AccountProfile>;
  selectCompany(viewer: Viewer, companyId: number | null): Promise<void>;
  selectCity(viewer: Viewer, kladrId: string): Promise<void>;
  setFavorite(viewer: Viewer, productId: number, inFavorite: boolean): Promise<FavoriteState>;
}

const wrongCredentials = () =>
  new ShopError({
    statusCode: 401,
    code: "WRONG_CREDENTIALS",
    messageUI: "Неверный адрес электронной почты или пароль.",
    message: "Wrong e-mail or password",
  });

const companyNotYours = () =>
  new ShopError({ statusCode: 403, code: "COMPANY_NOT_YOURS", messageUI: "Эта компания не относится к вашему аккаунту.", message: "Foreign company" });

/**
 * A visitor's favourites, cart and layout designs follow them into the account they sign in to (or, with their
 * consent, the account a hand-off link opens); the temporary account goes.
 */
export async function adoptTemporaryAccount(db: Database, temporaryId: number, accountId: number, designQuotas: LayoutDesignQuotas): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO ${favorite} (account_id, product_id, created_at)
      SELECT ${accountId}, product_id, created_at FROM ${favorite} WHERE account_id = ${temporaryId}
      ON CONFLICT DO NOTHING`);
    // The cart too (lines with their layouts): it must move before the delete cascades it away.
    await mergeVisitorCart(tx, temporaryId, accountId);
    // The layout designer's designs and their pictures («Мои макеты», issue 32) go the same way.
    await moveVisitorDesigns(tx, temporaryId, accountId, designQuotas);
    await tx.delete(account).where(and(eq(account.id, temporaryId), eq(account.temporary, true)));
  });
}

const accountDisabled = () =>
  new ShopError({
    statusCode: 403,
    code: "ACCOUNT_DISABLED",
    messageUI: "Эта учётная запись отключена администратором типографии.",
    message: "Sign-in to a disabled employee account",
  });

export function createAccountService(db: Database, sessions: SessionService, geo: GeoService, throttle: LoginThrottle, designQuotas: LayoutDesignQuotas): AccountService {
  return {
    async login(input, client, current) {
      const [row] = await db
        .select()
        .from(account)
        .where(and(eq(account.email, input.email), eq(account.temporary, false)))
        .limit(1);
      // Reserved before the password is checked, so parallel guesses cannot all slip through.
      const admitted = await throttle.admit({ email: input.email, accountId: row?.id ?? null, client, captchaToken: input.captchaToken });
      const passwordMatches = row?.passwordHash ? await verifyPassword(input.password, row.passwordHash) : await verifyAgainstDecoy(input.password);
      if (!row || !passwordMatches) throw wrongCredentials();
      // Told only to whoever knows the password: a disabled employee learns why, a guesser learns nothing.
      if (row.disabledAt !== null) throw accountDisabled();
      await throttle.succeeded(admitted);
      if (current?.account.temporary) await adoptTemporaryAccount(db, current.account.id, row.id, designQuotas);
      else if (current) await sessions.close(current.sessionId);

      const opened = await sessions.open(row.id, input.rememberMe ? "remembered" : "ordinary");
      const viewer = await sessions.resolve(opened.token);
      if (!viewer) throw new Error("The session was not found right after it was opened");
      return { viewer, opened, deviceToken: throttle.deviceToken(row.id, client) };
    },

    async logout(viewer) {
      if (viewer) await sessions.close(viewer.sessionId);
    },

    async profile(viewer, publicOrigin) {
      const own = viewer.account;
      const companies =
        own.typeUser === "client" && !own.temporary
          ? await db.select({ id: company.id, name: company.name }).from(company).where(eq(company.accountId, own.id)).orderBy(asc(company.id))
          : [];
      const selectedCompanyId = companies.some((item) => item.id === own.selectedCompanyId) ? own.selectedCompanyId : null;
      return {
        id: own.id,
        typeUser: own.typeUser,
        roles: own.typeUser === "employee" ? own.roles.filter(isEmployeeRole) : [],
        email: own.email,
        name: own.name,
        surname: own.surname,
        // Shown as the mask writes it, however it was stored (registration keeps + and digits).
        phone: own.phone === null || own.phone === "" ? null : formatPhone(own.phone),
        avatar: { url: own.avatarPath ? publicFileUrl(publicOrigin, own.avatarPath) : null },
        temporary: own.temporary,
        selectedCompanyId,
        companies,
        selectedCityId: own.selectedCityKladrId,
        impersonalization: viewer.placeClientId !== null,
        placeClientId: viewer.placeClientId,
        placeCompanyId: viewer.placeCompanyId,
        emailConfirmed: own.emailConfirmedAt !== null,
      };
    },

    async selectCompany(viewer, companyId) {
      // An employee in client mode switches among the client's companies; a client among its own.
      const ownerId = viewer.placeClientId ?? viewer.account.id;
      if (companyId !== null && !(await ownsCompany(db, ownerId, companyId))) throw companyNotYours();
      // The viewer is updated too, so the profile answered right after shows the new choice.
      if (viewer.placeClientId !== null) {
        await sessions.setPlaceClient(viewer.sessionId, viewer.placeClientId, companyId);
        viewer.placeCompanyId = companyId;
      } else {
        await db.update(account).set({ selectedCompanyId: companyId }).where(eq(account.id, viewer.account.id));
        viewer.account.selectedCompanyId = companyId;
      }
    },

    async selectCity(viewer, kladrId) {
      // A street's 17-digit id names its city; the account keeps the city's own id.
      const known = await geo.getCityByKladrId(kladrId);
      if (!("kladrId" in known)) {
        throw new ShopError({ statusCode: 404, code: "CITY_NOT_FOUND", messageUI: "Такого города нет в справочнике.", message: `No city ${kladrId}` });
      }
      await db.update(account).set({ selectedCityKladrId: known.kladrId }).where(eq(account.id, viewer.account.id));
      viewer.account.selectedCityKladrId = known.kladrId;
    },

    async setFavorite(viewer, productId, inFavorite) {
      const [known] = await db.select({ id: product.id }).from(product).where(eq(product.id, productId)).limit(1);
      if (!known) {
        throw new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: `Product ${productId} does not exist` });
      }
      if (inFavorite) await db.insert(favorite).values({ accountId: viewer.account.id, productId }).onConflictDoNothing();
      else await db.delete(favorite).where(and(eq(favorite.accountId, viewer.account.id), eq(favorite.productId, productId)));
      return { productId, inFavorite };
    },
  };
}
