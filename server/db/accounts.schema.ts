import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { boolean, check, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { product } from "./catalog.schema";

/*
 * Accounts and access. A person signs in to an account; a client account holds a personal profile
 * and companies; an employee account works for clients. A visitor who has not signed in gets a
 * temporary account on the first call that needs one (favourites, cart), merged on sign-in.
 */

export const accountType = pgEnum("account_type", ["client", "employee"]);

export const account = pgTable(
  "account",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased; null for a temporary account. */
    email: text("email").unique(),
    /** scrypt, in the self-describing form of `hashPassword`; null for a temporary account. */
    passwordHash: text("password_hash"),
    typeUser: accountType("type_user").notNull().default("client"),
    name: text("name").notNull().default(""),
    surname: text("surname").notNull().default(""),
    /** `+7 (XXX) XXX-XX-XX`, as the phone mask writes it; null when not given. */
    phone: text("phone"),
    /** When the address was confirmed by the link in the registration e-mail; null: not yet. */
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    avatarPath: text("avatar_path"),
    temporary: boolean("temporary").notNull().default(false),
    /** Letters of non-essential order news (intermediate statuses, design chat copies; server/docs/letters.md); transactional letters always go. */
    orderNewsByMail: boolean("order_news_by_mail").notNull().default(true),
    /** The company the client acts for now; null is the personal profile. */
    selectedCompanyId: integer("selected_company_id"),
    /** KLADR id of the shopper's city (spec §3 selectedCityId); null shows Krasnodar. */
    selectedCityKladrId: text("selected_city_kladr_id"),
    /** The employee who looks after this client ("assigned" in the client search). */
    managerId: integer("manager_id").references((): AnyPgColumn => account.id, { onDelete: "set null" }),
    /**
     * An employee's roles in the back office (shared/contracts/employee.ts EMPLOYEE_ROLES: admin,
     * manager, content, catalog, designer, prepress); empty for a client.
     */
    roles: text("roles").array().notNull().default(sql`'{}'::text[]`),
    /** When an admin disabled the employee: no sign-in, and every session ended at that moment; null: active. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("account_manager_id_idx").on(table.managerId),
    check("account_registered_has_email", sql`${table.temporary} OR (${table.email} IS NOT NULL AND ${table.passwordHash} IS NOT NULL)`),
  ],
);

export const company = pgTable(
  "company",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    inn: text("inn").notNull(),
    kpp: text("kpp"),
    ogrn: text("ogrn"),
    legalAddress: text("legal_address").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("company_account_id_inn_unique").on(table.accountId, table.inn), index("company_inn_idx").on(table.inn)],
);

export const session = pgTable(
  "session",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 of the token: a leaked table gives no usable sessions. */
    tokenHash: text("token_hash").notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    rememberMe: boolean("remember_me").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** An employee in client mode acts for this client (spec §3 place client selection). */
    placeClientId: integer("place_client_id").references(() => account.id, { onDelete: "set null" }),
    placeCompanyId: integer("place_company_id").references(() => company.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("session_account_id_idx").on(table.accountId), index("session_expires_at_idx").on(table.expiresAt)],
);

export const favorite = pgTable(
  "favorite",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.productId] })],
);

/** Who receives an order: a person with a phone, in the personal profile or a company. */
export const recipient = pgTable(
  "recipient",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    companyId: integer("company_id").references(() => company.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recipient_account_id_idx").on(table.accountId)],
);

/** A delivery address the client saved. */
export const address = pgTable(
  "address",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => account.id, { onDelete: "cascade" }),
    cityKladrId: text("city_kladr_id").notNull(),
    address: text("address").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("address_account_id_idx").on(table.accountId)],
);

export type AccountRow = typeof account.$inferSelect;
export type CompanyRow = typeof company.$inferSelect;
export type SessionRow = typeof session.$inferSelect;
export type RecipientRow = typeof recipient.$inferSelect;
export type AddressRow = typeof address.$inferSelect;
