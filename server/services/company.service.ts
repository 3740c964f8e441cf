import { and, asc, eq, isNull } from "drizzle-orm";
import type { Address, AddressCreate, Company, CompanyCreate, CompanyLookup, Recipient, RecipientCreate } from "../../shared/contracts/index";
import type { Database } from "../db/client";
import { address, company, recipient } from "../db/schema";
import type { AddressRow, CompanyRow, RecipientRow } from "../db/schema";
import { ShopError } from "./shop-error";

/*
 * A client's companies, recipients and saved addresses, and the look-up of a company by its ИНН.
 * Every call names the client it works for (see acting-client.ts); nothing here reads across clients.
 */

/** Finds a company's details by ИНН somewhere outside the shop (DaData), when one is configured. */
export interface CompanyDirectory {
  findByInn(inn: string): Promise<CompanyLookup | null>;
}

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

const companyNotFound = () =>
  new ShopError({ statusCode: 404, code: "COMPANY_NOT_FOUND", messageUI: "Компания не найдена.", message: "No such company for this client" });

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
      if (!row) {
        throw new ShopError({
          statusCode: 409,
          code: "COMPANY_EXISTS",
          messageUI: "Компания с таким ИНН уже есть в вашем аккаунте.",
          message: `Company with INN ${input.inn} already exists for the client`,
        });
      }
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
  };
  return service;
}
