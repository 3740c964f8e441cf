import { z } from "zod/mini";
import { entityIdSchema } from "./catalog";
import { idInput, idTextInput, safeText } from "./input";
import { queryBoolean } from "./query";
import { companySchema } from "./company";

/* What employees see of clients (spec §7 "Clients and misc", §6 staff in client mode). */

export const clientSchema = z.object({
  id: entityIdSchema,
  email: z.nullable(z.string()),
  name: z.string(),
  surname: z.string(),
  /** The employee who looks after the client. */
  managerId: z.nullable(entityIdSchema),
  companies: z.array(companySchema),
});
export type Client = z.infer<typeof clientSchema>;

export const clientIdParamsSchema = z.object({
  id: idTextInput("Клиент указан неверно"),
});

export const clientCompanyParamsSchema = z.extend(clientIdParamsSchema, {
  companyId: idTextInput("Компания указана неверно"),
});

/** `GET /client/search-by-name?search=&assigned=`: by name, surname, e-mail or company; `assigned` keeps the caller's own clients. */
export const clientSearchQuerySchema = z.object({
  search: z
    .string({ error: "Введите имя, фамилию, почту или название компании" })
    .check(safeText(), z.trim(), z.minLength(2, { error: "Введите хотя бы два знака для поиска" }), z.maxLength(100, { error: "Слишком длинный запрос" })),
  assigned: queryBoolean({ messageUI: "«Мои клиенты» — да или нет" }),
});

export const clientListSchema = z.array(clientSchema);

/** `POST /client/{id}/impersonalization`: an employee starts acting for the client, optionally for one of its companies. */
export const enterClientModeRequestSchema = z.object({
  companyId: z._default(z.nullable(idInput("Компания указана неверно")), null),
});
