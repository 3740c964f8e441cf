import { account, company } from "../../../server/db/schema";
import { hashPassword } from "../../../server/services/accounts/password";
import { loginToken } from "./api-calls";
import type { TestApp } from "./test-app";

/*
 * Clients of a test's own: new accounts, signed in, so their carts, orders and ledgers start empty
 * whatever the other tests of the file did with the demo accounts.
 */

/** The password of every fresh client. */
export const FRESH_CLIENT_PASSWORD = "secret-123";

export interface FreshClient {
  id: number;
  email: string;
  /** The session's bearer token. */
  token: string;
}

/** A new client account «Пётр Тестов» with this e-mail, signed in. */
export async function freshClient(testApp: TestApp, email: string): Promise<FreshClient> {
  const [row] = await testApp.database.db
    .insert(account)
    .values({ email, passwordHash: await hashPassword(FRESH_CLIENT_PASSWORD), typeUser: "client", name: "Пётр", surname: "Тестов" })
    .returning({ id: account.id });
  if (!row) throw new Error(`No account ${email}`);
  return { id: row.id, email, token: await loginToken(testApp.app, email, FRESH_CLIENT_PASSWORD) };
}

/** A fresh client with a company of its own named `companyName` (ИНН, КПП and legal address filled in). */
export async function freshCompanyClient(testApp: TestApp, email: string, companyName: string): Promise<FreshClient & { companyId: number }> {
  const client = await freshClient(testApp, email);
  const [own] = await testApp.database.db
    .insert(company)
    .values({ accountId: client.id, name: companyName, inn: "7707083893", kpp: "770701001", legalAddress: "г. Москва" })
    .returning({ id: company.id });
  if (!own) throw new Error(`No company ${companyName}`);
  return { ...client, companyId: own.id };
}
