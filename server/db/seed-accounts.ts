import { eq } from "drizzle-orm";
import { hashPassword } from "../services/password";
import type { Database } from "./client";
import { account, address, company, recipient } from "./schema";

/*
 * The demo accounts listed in the README: a client with a personal profile and two companies, a
 * second client for the employee's search, and an employee who looks after the first client.
 */

export const DEMO_ACCOUNTS = {
  client: { email: "client@example.com", password: "client12345" },
  secondClient: { email: "petrova@example.com", password: "client12345" },
  employee: { email: "manager@example.com", password: "manager12345" },
} as const;

/**
 * A city of the shipped list where every demo method can be tried, «Автобусом до автовокзала»
 * included (the bus goes to the Krasnodar region and the South only: zones 1–2 of the rate table).
 * The demo client keeps a saved address there.
 */
export const DEMO_BUS_CITY = { kladrId: "2300000600000", city: "Новороссийск", address: "ул. Советов, д. 10" } as const;

/** Creates the demo accounts unless the demo client exists; safe on every start. */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email)).limit(1);
  if (existing) return false;

  const [clientHash, secondHash, employeeHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.client.password),
    hashPassword(DEMO_ACCOUNTS.secondClient.password),
    hashPassword(DEMO_ACCOUNTS.employee.password),
  ]);

  await db.transaction(async (tx) => {
    const [manager] = await tx
      .insert(account)
      .values({ email: DEMO_ACCOUNTS.employee.email, passwordHash: employeeHash, typeUser: "employee", name: "Мария", surname: "Кузнецова", phone: "+7 (861) 200-00-02", emailConfirmedAt: new Date() })
      .returning({ id: account.id });
    const [client] = await tx
      .insert(account)
      .values({
        email: DEMO_ACCOUNTS.client.email,
        passwordHash: clientHash,
        typeUser: "client",
        name: "Иван",
        surname: "Иванов",
        phone: "+7 (918) 123-45-67",
        emailConfirmedAt: new Date(),
        managerId: manager?.id ?? null,
        selectedCityKladrId: "2300000100000",
      })
      .returning({ id: account.id });
    const [second] = await tx
      .insert(account)
      .values({ email: DEMO_ACCOUNTS.secondClient.email, passwordHash: secondHash, typeUser: "client", name: "Ольга", surname: "Петрова", emailConfirmedAt: new Date() })
      .returning({ id: account.id });
    if (!client || !second) throw new Error("The demo clients were not created");

    const [romashka] = await tx
      .insert(company)
      .values([
        {
          accountId: client.id,
          name: "ООО «Ромашка»",
          inn: "2308123457",
          kpp: "230801001",
          ogrn: "1152308001234",
          legalAddress: "350000, г. Краснодар, ул. Красная, д. 1, оф. 5",
        },
        {
          accountId: client.id,
          name: "ИП Иванов И. И.",
          inn: "231012345648",
          ogrn: "315231000012345",
          legalAddress: "350015, г. Краснодар, ул. Северная, д. 320",
        },
      ])
      .returning({ id: company.id });
    await tx.insert(company).values({
      accountId: second.id,
      name: "ООО «Лютик»",
      inn: "7723456782",
      kpp: "772301001",
      ogrn: "1187746000123",
      legalAddress: "109052, г. Москва, ул. Нижегородская, д. 32",
    });
    await tx.insert(recipient).values([
      { accountId: client.id, name: "Иван Иванов", phone: "+79181234567", email: DEMO_ACCOUNTS.client.email },
      { accountId: client.id, companyId: romashka?.id ?? null, name: "Анна Смирнова (офис-менеджер)", phone: "+78612004050", email: "office@romashka.example" },
    ]);
    await tx.insert(address).values([
      { accountId: client.id, cityKladrId: "2300000100000", address: "ул. Красная, д. 1, оф. 5", comment: "Вход со двора" },
      { accountId: client.id, cityKladrId: DEMO_BUS_CITY.kladrId, address: DEMO_BUS_CITY.address, comment: "Склад: удобнее автобусом до автовокзала" },
    ]);
  });
  return true;
}
