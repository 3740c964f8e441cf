import { promocode } from "./schema";
import type { Database } from "./client";

/*
 * The demo promocodes listed in the README: a percentage, a fixed amount from a minimum sum, one
 * that has expired and one that is switched off. Each is written unless its code exists, so the
 * seed is safe on every start and never overwrites a code the shop has edited.
 */

export const DEMO_PROMOCODES = {
  percent: { code: "OTTISK10", kind: "percent", value: 10, minSumKopecks: 0, expiresAt: null, active: true, description: "10 % на всё" },
  fixed: {
    code: "PERVYI500",
    kind: "fixed",
    value: 50_000,
    minSumKopecks: 300_000,
    expiresAt: null,
    active: true,
    description: "500 ₽ на первый заказ от 3000 ₽",
  },
  expired: {
    code: "LETO2024",
    kind: "percent",
    value: 15,
    minSumKopecks: 0,
    expiresAt: new Date("2024-09-01T00:00:00+03:00"),
    active: true,
    description: "Летняя акция 2024 года, закончилась",
  },
  inactive: { code: "ARHIV", kind: "percent", value: 20, minSumKopecks: 0, expiresAt: null, active: false, description: "Выключен" },
} as const;

/** Writes the demo promocodes that are missing; answers how many it wrote. */
export async function seedDemoPromocodes(db: Database): Promise<number> {
  const written = await db
    .insert(promocode)
    .values(Object.values(DEMO_PROMOCODES).map((item) => ({ ...item })))
    .onConflictDoNothing({ target: promocode.code })
    .returning({ id: promocode.id });
  return written.length;
}
