import { and, asc, eq, exists, inArray, or, sql } from "drizzle-orm";
import type { AnyColumn, SQL } from "drizzle-orm";
import type { Client } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account, company } from "../../db/schema";
import type { AccountRow } from "../../db/schema";
import type { CompanyService } from "./company.service";
import type { SessionService, Viewer } from "./session.service";
import { ShopError } from "../shop-error";

/*
 * What employees do with clients: look them up, see and add their companies, and act for them
 * (client mode). Entering client mode is `POST /client/{id}/impersonalization`: the employee's
 * session remembers the client (and company) until `POST /client/exit-impersonalization`.
 */

export const CLIENT_SEARCH_LIMIT = 50;

export interface ClientService {
  getClient(clientId: number): Promise<Client>;
  search(employee: Viewer, search: string, assignedOnly: boolean): Promise<Client[]>;
  enterClientMode(employee: Viewer, clientId: number, companyId: number | null): Promise<void>;
  exitClientMode(employee: Viewer): Promise<void>;
}

const clientNotFound = () =>
  new ShopError({ statusCode: 404, code: "CLIENT_NOT_FOUND", messageUI: "Клиент не найден.", message: "No such client" });

/** ё and е are one letter to someone typing a name. */
function folded(column: SQL | AnyColumn): SQL {
  return sql`translate(lower(${column}), 'ё', 'е')`;
}

export function createClientService(db: Database, companies: CompanyService, sessions: SessionService): ClientService {
  async function clientsWithCompanies(rows: AccountRow[]): Promise<Client[]> {
    if (rows.length === 0) return [];
    const companyRows = await db
      .select()
      .from(company)
      .where(inArray(company.accountId, rows.map((row) => row.id)))
      .orderBy(asc(company.id));
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      surname: row.surname,
      managerId: row.managerId,
      companies: companyRows
        .filter((item) => item.accountId === row.id)
        .map((item) => ({ id: item.id, name: item.name, inn: item.inn, kpp: item.kpp, ogrn: item.ogrn, legalAddress: item.legalAddress })),
    }));
  }

  async function clientRow(clientId: number): Promise<AccountRow> {
    const [row] = await db
      .select()
      .from(account)
      .where(and(eq(account.id, clientId), eq(account.typeUser, "client"), eq(account.temporary, false)))
      .limit(1);
    if (!row) throw clientNotFound();
    return row;
  }

  return {
    async getClient(clientId) {
      const [client] = await clientsWithCompanies([await clientRow(clientId)]);
      if (!client) throw clientNotFound();
      return client;
    },

    async search(employee, search, assignedOnly) {
      const pattern = `%${search.toLocaleLowerCase("ru").replaceAll("ё", "е").replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const matches = or(
        sql`${folded(account.name)} LIKE ${pattern}`,
        sql`${folded(account.surname)} LIKE ${pattern}`,
        sql`${folded(sql`${account.name} || ' ' || ${account.surname}`)} LIKE ${pattern}`,
        sql`${folded(sql`${account.surname} || ' ' || ${account.name}`)} LIKE ${pattern}`,
        sql`lower(coalesce(${account.email}, '')) LIKE ${pattern}`,
        exists(
          db
            .select({ id: company.id })
            .from(company)
            .where(and(eq(company.accountId, account.id), or(sql`${folded(company.name)} LIKE ${pattern}`, sql`${company.inn} LIKE ${pattern}`))),
        ),
      );
      const rows = await db
        .select()
        .from(account)
        .where(
          and(
            eq(account.typeUser, "client"),
            eq(account.temporary, false),
            matches,
            assignedOnly ? eq(account.managerId, employee.account.id) : undefined,
          ),
        )
        .orderBy(asc(account.surname), asc(account.name), asc(account.id))
        .limit(CLIENT_SEARCH_LIMIT);
      return clientsWithCompanies(rows);
    },

    async enterClientMode(employee, clientId, companyId) {
      await clientRow(clientId);
      if (companyId !== null) await companies.getCompany(clientId, companyId);
      await sessions.setPlaceClient(employee.sessionId, clientId, companyId);
      // The viewer is updated too, so the profile answered right after shows client mode.
      employee.placeClientId = clientId;
      employee.placeCompanyId = companyId;
    },

    async exitClientMode(employee) {
      await sessions.setPlaceClient(employee.sessionId, null, null);
      employee.placeClientId = null;
      employee.placeCompanyId = null;
    },
  };
}
