import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  Address,
  AddressCreate,
  AddressUpdate,
  Company,
  CompanyCreate,
  CompanyLookup,
  CompanyUpdate,
  Recipient,
  RecipientCreate,
  RecipientUpdate,
} from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account, address, balanceEntry, cart, clientOrder, company, orderProduct, recipient } from "../../db/schema";
import type { AddressRow, CompanyRow, RecipientRow } from "../../db/schema";
import type { CompanyDirectory } from "../../adapters/dadata";
import { ShopError } from "../shop-error";

/*
 * A client's companies, recipients and saved addresses, and the look-up of a company by its ИНН.
 * Every call names the client it works for (see acting-client.ts); nothing here reads across clients.
 */

export interface CompanyService {
  listCompanies(clientId: number): Promise<Company[]>;
  getCompany(clientId: number, companyId: number): Promise<Company>;
  createCompany(clientId: number, input: CompanyCreate): Promise<Company>;
  /**
   * A company's details by ИНН: DaData's, else (offline, or DaData failed) those the shop knows —
   * only among `ownerId`'s companies (the client's own, or the client an employee acts for), never
   * another client's; `null` (an employee outside client mode, who may read every client's data)
   * searches them all.
   */
  lookupByInn(inn: string, ownerId: number | null): Promise<CompanyLookup>;
  listRecipients(clientId: number, companyId: number | undefined): Promise<Recipient[]>;
  createRecipient(clientId: number, input: RecipientCreate): Promise<Recipient>;
  listAddresses(clientId: number): Promise<Address[]>;
  createAddress(clientId: number, input: AddressCreate): Promise<Address>;
  /** New requisites; another company of the client with the same ИНН is a 409. */
  updateCompany(clientId: number, companyId: number, input: CompanyUpdate): Promise<Company>;
  /**
   * Deletes a company with its recipients and empty cart; refused (409) while it has orders, money
   * on its balance ledger or lines in its cart. The personal profile is selected if it was chosen.
   */
  deleteCompany(clientId: number, companyId: number): Promise<void>;
  updateRecipient(clientId: number, recipientId: number, input: RecipientUpdate): Promise<Recipient>;
  deleteRecipient(clientId: number, recipientId: number): Promise<void>;
  updateAddress(clientId: number, addressId: number, input: AddressUpdate): Promise<Address>;
  deleteAddress(clientId: number, addressId: number): Promise<void>;
}

function toCompany(row: CompanyRow): Company {
  return { id: row.id, name: row.name, inn: row.inn, kpp: row.kpp, ogrn: row.ogrn, legalAddress: row.legalAddress };
}

function toRecipient(row: RecipientRow): Recipient {
  return { id: row.id, name: row.name, phone: row.phone, email: row.email, companyId: row.companyId };
}

function toAddress(row: AddressRow): Address {
  return { id: row.id, cityKladrId: row.cityKladrId, address: row.address, comment: row.comment };
}

/** A company that is not one of the client's: another client's is answered as if there were none. */
export const companyNotFound = () =>
  new ShopError({ statusCode: 404, code: "COMPANY_NOT_FOUND", messageUI: "Компания не найдена.", message: "No such company for this client" });

/** Whether the company is one of the account's (a client's; for an employee in client mode, the client's). */
export async function ownsCompany(executor: Database, accountId: number, companyId: number): Promise<boolean> {
  const [owned] = await executor
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.id, companyId), eq(company.accountId, accountId)))
    .limit(1);
  return owned !== undefined;
}

/** 404 COMPANY_NOT_FOUND unless the company is one of the account's. */
export async function requireOwnCompany(executor: Database, accountId: number, companyId: number): Promise<void> {
  if (!(await ownsCompany(executor, accountId, companyId))) throw companyNotFound();
}

const recipientNotFound = () =>
  new ShopError({ statusCode: 404, code: "RECIPIENT_NOT_FOUND", messageUI: "Получатель не найден.", message: "No such recipient for this client" });

const addressNotFound = () =>
  new ShopError({ statusCode: 404, code: "ADDRESS_NOT_FOUND", messageUI: "Адрес не найден.", message: "No such address for this client" });

const companyExists = (inn: string) =>
  new ShopError({
    statusCode: 409,
    code: "COMPANY_EXISTS",
    messageUI: "Компания с таким ИНН уже есть в вашем аккаунте.",
    message: `Company with INN ${inn} already exists for the client`,
  });

const companyInUse = (messageUI: string, message: string) => new ShopError({ statusCode: 409, code: "COMPANY_IN_USE", messageUI, message });

export function createCompanyService(db: Database, directory: CompanyDirectory | null): CompanyService {
  const service: CompanyService = {
    async listCompanies(clientId) {
      const rows = await db.select().from(company).where(eq(company.accountId, clientId)).orderBy(asc(company.id));
      return rows.map(toCompany);
    },

    async getCompany(clientId, companyId) {
      const [row] = await db
        .select()
        .from(company)
        .where(and(eq(company.id, companyId), eq(company.accountId, clientId)))
        .limit(1);
      if (!row) throw companyNotFound();
      return toCompany(row);
    },

    async createCompany(clientId, input) {
      const [row] = await db
        .insert(company)
        .values({
          accountId: clientId,
          name: input.name,
          inn: input.inn,
          kpp: input.kpp ?? null,
          ogrn: input.ogrn ?? null,
          legalAddress: input.legalAddress ?? "",
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw companyExists(input.inn);
      return toCompany(row);
    },

    async lookupByInn(inn, ownerId) {
      // DaData knows every company in Russia. Offline the shop knows only what its clients entered,
      // which is theirs: a client finds their own companies, never another client's КПП, ОГРН or address.
      const found = directory ? await directory.findByInn(inn) : null;
      if (found) return found;
      const [known] = await db
        .select()
        .from(company)
        .where(ownerId === null ? eq(company.inn, inn) : and(eq(company.inn, inn), eq(company.accountId, ownerId)))
        .orderBy(asc(company.id))
        .limit(1);
      if (!known) {
        throw new ShopError({
          statusCode: 404,
          code: "COMPANY_NOT_FOUND_BY_INN",
          messageUI: "Компания с таким ИНН не найдена. Заполните данные вручную.",
          message: `No company with INN ${inn}`,
        });
      }
      return { inn: known.inn, name: known.name, kpp: known.kpp, ogrn: known.ogrn, legalAddress: known.legalAddress };
    },

    async listRecipients(clientId, companyId) {
      if (companyId !== undefined) await service.getCompany(clientId, companyId);
      const rows = await db
        .select()
        .from(recipient)
        .where(
          and(eq(recipient.accountId, clientId), companyId === undefined ? isNull(recipient.companyId) : eq(recipient.companyId, companyId)),
        )
        .orderBy(asc(recipient.id));
      return rows.map(toRecipient);
    },

    async createRecipient(clientId, input) {
      const companyId = input.companyId ?? null;
      if (companyId !== null) await service.getCompany(clientId, companyId);
      const [row] = await db
        .insert(recipient)
        .values({ accountId: clientId, companyId, name: input.name, phone: input.phone, email: input.email ?? null })
        .returning();
      if (!row) throw new Error("The recipient was not saved");
      return toRecipient(row);
    },

    async listAddresses(clientId) {
      const rows = await db.select().from(address).where(eq(address.accountId, clientId)).orderBy(asc(address.id));
      return rows.map(toAddress);
    },

    async createAddress(clientId, input) {
      const [row] = await db
        .insert(address)
        .values({ accountId: clientId, cityKladrId: input.cityKladrId, address: input.address, comment: input.comment ?? "" })
        .returning();
      if (!row) throw new Error("The address was not saved");
      return toAddress(row);
    },

    async updateCompany(clientId, companyId, input) {
      await service.getCompany(clientId, companyId);
      const [twin] = await db
        .select({ id: company.id })
        .from(company)
        .where(and(eq(company.accountId, clientId), eq(company.inn, input.inn)))
        .limit(1);
      if (twin && twin.id !== companyId) throw companyExists(input.inn);
      const [row] = await db
        .update(company)
        .set({ name: input.name, inn: input.inn, kpp: input.kpp ?? null, ogrn: input.ogrn ?? null, legalAddress: input.legalAddress ?? "" })
        .where(and(eq(company.id, companyId), eq(company.accountId, clientId)))
        .returning();
      if (!row) throw companyNotFound();
      return toCompany(row);
    },

    async deleteCompany(clientId, companyId) {
      await service.getCompany(clientId, companyId);
      await db.transaction(async (tx) => {
        // The client's row first: every write to a client's ledgers takes this lock (balance.service.ts).
        await tx.execute(sql`SELECT id FROM ${account} WHERE id = ${clientId} FOR UPDATE`);
        const [orders] = await tx.select({ value: count() }).from(clientOrder).where(eq(clientOrder.companyId, companyId));
        if ((orders?.value ?? 0) > 0) {
          throw companyInUse(
            "У компании есть заказы: её нельзя удалить, они нужны для документов. Можно изменить её реквизиты.",
            `Company ${companyId} has orders`,
          );
        }
        const [entries] = await tx.select({ value: count() }).from(balanceEntry).where(eq(balanceEntry.companyId, companyId));
        if ((entries?.value ?? 0) > 0) {
          throw companyInUse("У компании есть движения по балансу: её нельзя удалить. Обратитесь к менеджеру.", `Company ${companyId} has balance entries`);
        }
        const [lines] = await tx
          .select({ value: count() })
          .from(orderProduct)
          .innerJoin(cart, eq(cart.id, orderProduct.cartId))
          .where(and(eq(cart.companyId, companyId), isNotNull(orderProduct.cartId)));
        if ((lines?.value ?? 0) > 0) {
          throw companyInUse(
            "В корзине компании есть товары: удалите их или оформите заказ, затем удалите компанию.",
            `Company ${companyId} has cart lines`,
          );
        }
        await tx.update(account).set({ selectedCompanyId: null }).where(and(eq(account.id, clientId), eq(account.selectedCompanyId, companyId)));
        await tx.delete(company).where(and(eq(company.id, companyId), eq(company.accountId, clientId)));
      });
    },

    async updateRecipient(clientId, recipientId, input) {
      const [row] = await db
        .update(recipient)
        .set({ name: input.name, phone: input.phone, email: input.email ?? null })
        .where(and(eq(recipient.id, recipientId), eq(recipient.accountId, clientId)))
        .returning();
      if (!row) throw recipientNotFound();
      return toRecipient(row);
    },

    async deleteRecipient(clientId, recipientId) {
      const deleted = await db
        .delete(recipient)
        .where(and(eq(recipient.id, recipientId), eq(recipient.accountId, clientId)))
        .returning({ id: recipient.id });
      if (deleted.length === 0) throw recipientNotFound();
    },

    async updateAddress(clientId, addressId, input) {
      const [row] = await db
        .update(address)
        .set({ cityKladrId: input.cityKladrId, address: input.address, comment: input.comment ?? "" })
        .where(and(eq(address.id, addressId), eq(address.accountId, clientId)))
        .returning();
      if (!row) throw addressNotFound();
      return toAddress(row);
    },

    async deleteAddress(clientId, addressId) {
      const deleted = await db
        .delete(address)
        .where(and(eq(address.id, addressId), eq(address.accountId, clientId)))
        .returning({ id: address.id });
      if (deleted.length === 0) throw addressNotFound();
    },
  };
  return service;
}
