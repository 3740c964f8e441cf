import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { and, asc, eq } from "drizzle-orm";
import { designTemplateSchema } from "../../../shared/contracts/index";
import type {
  DesignTemplate,
  EmployeeLayoutDesignTemplate,
  EmployeeLayoutDesignTemplateList,
  EmployeeLayoutDesignTemplateWrite,
  LayoutDesignTemplateList,
  LayoutDesignTemplateQuery,
} from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { layoutDesignTemplate } from "../../db/layout-designs.schema";
import type { LayoutDesignTemplateRow } from "../../db/layout-designs.schema";
import { auditActorOf, recordAudit } from "../backoffice/audit";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import { assertDocumentSize } from "./layout-design.service";
import { designTemplateOf, employeeTemplateOf } from "./layout-design.mapper";

/** The columns a back-office write sets, the same for a new template and a changed one. */
function backOfficeColumns(input: EmployeeLayoutDesignTemplateWrite, actor: ReturnType<typeof auditActorOf>) {
  return {
    name: input.template.name,
    kind: input.template.kind,
    document: input.template.document,
    active: input.active,
    position: input.position,
    source: "back-office" as const,
    updatedById: actor.id,
    updatedByName: actor.name,
  };
}

/*
 * The layout designer's templates (issue 32) as data: one JSON document per template, checked by
 * the contract (designTemplateSchema). The shipped ones are files in
 * server/seed/layout-design-templates/, loaded by the seed on every start: a template that is
 * missing is inserted, one still as its file made it (`source` seed) is brought up to the file, and
 * one the back office added or changed (`source` back-office) is never overwritten. The back office
 * lists all of them, adds one (a JSON uploaded or pasted), replaces one, turns it on or off and
 * orders them; each write has its audit entry in the same transaction. Shoppers see the active ones,
 * by position then id, narrowed to a kind and a trim size.
 */

export interface LayoutDesignTemplateService {
  listActive(query: LayoutDesignTemplateQuery): Promise<LayoutDesignTemplateList>;
  listForEmployee(): Promise<EmployeeLayoutDesignTemplateList>;
  create(viewer: Viewer, input: EmployeeLayoutDesignTemplateWrite): Promise<EmployeeLayoutDesignTemplate>;
  update(viewer: Viewer, id: string, input: EmployeeLayoutDesignTemplateWrite): Promise<EmployeeLayoutDesignTemplate>;
}

/** What a load of the template files did. */
export interface TemplateFilesReport {
  inserted: number;
  updated: number;
  /** Files whose template the back office changed (kept as the back office left it) or that match already. */
  kept: number;
}

/** A trim size's text in the query: «90x50». */
function parseTrim(text: string): [number, number] {
  const [width, height] = text.split("x").map(Number);
  return [width ?? 0, height ?? 0];
}

/** The same size within half a millimetre, either orientation. */
function sameTrim(a: readonly [number, number], b: readonly [number, number]): boolean {
  const near = (x: number, y: number) => Math.abs(x - b[0]) <= 0.5 && Math.abs(y - b[1]) <= 0.5;
  return near(a[0], a[1]) || near(a[1], a[0]);
}

/** The template's picture slots are empty: a picture belongs to the account that uploaded it, and a design takes only its own. */
function pictureIn(template: DesignTemplate): boolean {
  return template.document.sides.some((side) => side.elements.some((element) => element.kind === "image" && element.source !== null));
}

const templateNotFound = (id: string) => new ShopError({ statusCode: 404, code: "LAYOUT_DESIGN_TEMPLATE_NOT_FOUND", messageUI: "Шаблон не найден", message: `No template ${id}` });

/** What the audit records of a template: its fields, the document as a whole. */
function audited(row: LayoutDesignTemplateRow): Record<string, unknown> {
  return { name: row.name, kind: row.kind, active: row.active, position: row.position, document: row.document };
}

/**
 * Loads the template files of `folder` (*.json, each a designTemplateSchema document). A file that
 * does not pass the contract stops the load with its name and the first problem: the files ship
 * with the code, so a bad one is a packaging mistake, not something to skip quietly.
 */
export async function loadTemplateFiles(db: Database, folder: string): Promise<TemplateFilesReport> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return { inserted: 0, updated: 0, kept: 0 };
    throw error;
  }
  const report: TemplateFilesReport = { inserted: 0, updated: 0, kept: 0 };
  for (const [index, name] of names.entries()) {
    const text = await readFile(join(folder, name), "utf8");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${join(folder, name)}: not JSON (${String(error)})`);
    }
    const parsed = designTemplateSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${join(folder, name)}: not a layout design template: ${issue?.path.join(".") ?? ""} ${issue?.message ?? ""}`);
    }
    const template = parsed.data;
    assertDocumentSize(template.document);
    if (pictureIn(template)) throw new Error(`${join(folder, name)}: a picture slot has a source; a template's slots are empty`);
    const inserted = await db
      .insert(layoutDesignTemplate)
      .values({ id: template.id, name: template.name, kind: template.kind, document: template.document, position: (index + 1) * 10, source: "seed" })
      .onConflictDoNothing()
      .returning({ id: layoutDesignTemplate.id });
    if (inserted.length > 0) {
      report.inserted += 1;
      continue;
    }
    // Still as a file made it: brought up to the file (a better version shipped); the back office's own are left alone.
    const [current] = await db.select().from(layoutDesignTemplate).where(eq(layoutDesignTemplate.id, template.id));
    const same = current && current.name === template.name && current.kind === template.kind && isDeepStrictEqual(current.document, template.document);
    if (!current || current.source !== "seed" || same) {
      report.kept += 1;
      continue;
    }
    await db
      .update(layoutDesignTemplate)
      .set({ name: template.name, kind: template.kind, document: template.document, updatedAt: new Date() })
      .where(and(eq(layoutDesignTemplate.id, template.id), eq(layoutDesignTemplate.source, "seed")));
    report.updated += 1;
  }
  return report;
}

export function createLayoutDesignTemplateService(db: Database): LayoutDesignTemplateService {
  const ordered = [asc(layoutDesignTemplate.position), asc(layoutDesignTemplate.id)];

  function assertStorable(template: DesignTemplate): void {
    assertDocumentSize(template.document);
    if (pictureIn(template)) {
      throw new ShopError({
        statusCode: 400,
        code: "LAYOUT_DESIGN_TEMPLATE_PICTURE",
        messageUI: "В шаблоне не должно быть загруженных изображений: оставьте места для логотипа и фото пустыми (source: null)",
        message: "A template's picture slot has a source",
      });
    }
  }

  return {
    async listActive(query) {
      const rows = await db
        .select()
        .from(layoutDesignTemplate)
        .where(query.kind === undefined ? eq(layoutDesignTemplate.active, true) : and(eq(layoutDesignTemplate.active, true), eq(layoutDesignTemplate.kind, query.kind)))
        .orderBy(...ordered);
      const trim = query.trimMm === undefined ? null : parseTrim(query.trimMm);
      return { templates: rows.filter((row) => trim === null || sameTrim(row.document.trimMm, trim)).map(designTemplateOf) };
    },

    async listForEmployee() {
      const rows = await db.select().from(layoutDesignTemplate).orderBy(...ordered);
      return { templates: rows.map(employeeTemplateOf) };
    },

    async create(viewer, input) {
      assertStorable(input.template);
      const actor = auditActorOf(viewer);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(layoutDesignTemplate)
          .values({ id: input.template.id, ...backOfficeColumns(input, actor) })
          .onConflictDoNothing()
          .returning();
        if (!created) {
          throw new ShopError({
            statusCode: 409,
            code: "LAYOUT_DESIGN_TEMPLATE_EXISTS",
            messageUI: `Шаблон с кодом «${input.template.id}» уже есть: измените его или выберите другой код`,
            message: `Template ${input.template.id} exists`,
          });
        }
        await recordAudit(tx, actor, { objectType: "layout-design-template", objectId: created.id, action: "create", before: null, after: audited(created) });
        return created;
      });
      return employeeTemplateOf(row);
    },

    async update(viewer, id, input) {
      if (input.template.id !== id) {
        throw new ShopError({
          statusCode: 400,
          code: "LAYOUT_DESIGN_TEMPLATE_ID_MISMATCH",
          messageUI: `Код шаблона в файле («${input.template.id}») не совпадает с изменяемым («${id}»)`,
          message: `The body's template ${input.template.id} is not ${id}`,
        });
      }
      assertStorable(input.template);
      const actor = auditActorOf(viewer);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(layoutDesignTemplate).where(eq(layoutDesignTemplate.id, id)).for("update");
        if (!before) throw templateNotFound(id);
        const [after] = await tx
          .update(layoutDesignTemplate)
          .set({ ...backOfficeColumns(input, actor), updatedAt: new Date() })
          .where(eq(layoutDesignTemplate.id, id))
          .returning();
        if (!after) throw templateNotFound(id);
        await recordAudit(tx, actor, { objectType: "layout-design-template", objectId: id, action: "update", before: audited(before), after: audited(after) });
        return after;
      });
      return employeeTemplateOf(row);
    },
  };
}
