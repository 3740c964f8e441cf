import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { footerContentSchema, headerContentSchema, popupBlockContentSchema, sideMenuContentSchema, EMPLOYEE_PAGE_LIST_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type {
  EmployeePage,
  EmployeePageDeleted,
  EmployeePageList,
  EmployeePageListQuery,
  EmployeePageWrite,
  FooterContent,
  HeaderContent,
  PageComponent,
  PageState,
  PopupBlockContent,
  SiteBlock,
  SiteBlockKey,
  SiteBlockWrite,
} from "../../../shared/contracts/index";
import { renderMarkdown } from "../../../shared/domain/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { websiteBlock, websitePage } from "../../db/schema";
import type { StoredPageComponent, WebsitePageRow } from "../../db/schema";
import type { Viewer } from "../accounts/session.service";
import { sanitizeHtml } from "../pages/html-sanitizer";
import { FILE_REFERENCE_PREFIX, pagePlainText, resolveFileReferences, toPageComponent } from "../pages/pages.mapper";
import { createPagesService, publishedNow, websiteBlockKeys } from "../pages/pages.service";
import { publicFileUrl } from "../catalog/catalog.mapper";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The back office's website pages and site-wide blocks (issue 29, role `content`). Every write is
 * one transaction with its audit entry; the caller then drops the storefront's page caches
 * (cacheInvalidation "pages"). Rules and decisions: server/docs/back-office-content.md.
 */

export interface ContentService {
  listPages(query: EmployeePageListQuery): Promise<EmployeePageList>;
  getPage(id: number, publicOrigin: string): Promise<EmployeePage>;
  createPage(viewer: Viewer, page: EmployeePageWrite, publicOrigin: string): Promise<EmployeePage>;
  updatePage(viewer: Viewer, id: number, page: EmployeePageWrite, publicOrigin: string): Promise<EmployeePage>;
  deletePage(viewer: Viewer, id: number): Promise<EmployeePageDeleted>;
  getSiteBlock(key: SiteBlockKey, publicOrigin: string): Promise<SiteBlock>;
  updateSiteBlock(viewer: Viewer, key: SiteBlockKey, block: SiteBlockWrite, publicOrigin: string): Promise<SiteBlock>;
  /** Whether a scheduled page came due in (since, now]: the scheduler then drops the page caches. */
  pagesDueBetween(since: Date, now: Date): Promise<boolean>;
}

const pageNotFound = (id: number) =>
  new ShopError({ statusCode: 404, code: "PAGE_NOT_FOUND", messageUI: "Страница не найдена", message: `No website page #${id}` });

const badPage = (code: string, messageUI: string) => new ShopError({ statusCode: 400, code, messageUI, message: messageUI });

const changedMeanwhile = (what: string) =>
  new ShopError({
    statusCode: 409,
    code: "PAGE_CHANGED",
    messageUI: `${what} успели изменить, пока вы редактировали. Обновите страницу, чтобы увидеть новую версию, и внесите правки снова.`,
    message: `${what}: updatedAt differs from the stored one`,
  });

export function pageState(row: Pick<WebsitePageRow, "published" | "publishAt">, now: Date): PageState {
  if (!row.published) return "draft";
  return row.publishAt !== null && row.publishAt > now ? "scheduled" : "published";
}

/** The inverse of resolveFileReferences: an address under this shop's /files/ becomes `file:<path>` again. */
export function toFileReferences(value: unknown, publicOrigin: string): unknown {
  const prefix = `${publicOrigin}/files/`;
  if (typeof value === "string") {
    if (!value.startsWith(prefix)) return value;
    try {
      return `${FILE_REFERENCE_PREFIX}${value.slice(prefix.length).split("/").map(decodeURIComponent).join("/")}`;
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((item) => toFileReferences(item, publicOrigin));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toFileReferences(item, publicOrigin)]));
  }
  return value;
}

/** The fields of a page the audit compares. */
function auditedPage(row: WebsitePageRow): Record<string, unknown> {
  return {
    slug: row.slug,
    kind: row.kind,
    parentId: row.parentId,
    name: row.name,
    summary: row.summary,
    components: row.components,
    padBannerPath: row.padBannerPath,
    sortOrder: row.sortOrder,
    showInMenu: row.showInMenu,
    published: row.published,
    publishAt: row.publishAt,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

/** The Article's HTML made anew from its Markdown (when there is any), always sanitised. */
function preparedComponent(component: PageComponent): PageComponent {
  if (component.key !== "Article") return component;
  const { markdown, html } = component.content;
  return { key: "Article", content: { markdown, html: sanitizeHtml(markdown.trim() === "" ? html : renderMarkdown(markdown)) } };
}

const DEFAULT_HEADER: HeaderContent = { numberPhone: "+7", numberPhoneOption: "", numberPhoneOptionMessengers: [], email: "" };
const DEFAULT_FOOTER: FooterContent = { infoCompany: "", addreses: [], social: [], files: [] };
const DEFAULT_POPUP: PopupBlockContent = {
  active: false,
  title: "Новость типографии",
  description: "",
  file: null,
  urlButton: "/",
  textButton: "Подробнее",
  showFrom: null,
  showUntil: null,
};

const STORED_BLOCK_KEY = { header: websiteBlockKeys.header, "side-menu": websiteBlockKeys.sideMenu, footer: websiteBlockKeys.footer, popup: websiteBlockKeys.popup } as const;

export function createContentService(db: Database): ContentService {
  const pages = createPagesService(db);
  async function pageRow(executor: Database | DatabaseTransaction, id: number, lock = false): Promise<WebsitePageRow> {
    const query = executor.select().from(websitePage).where(eq(websitePage.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw pageNotFound(id);
    return row;
  }

  function toEmployeePage(row: WebsitePageRow, publicOrigin: string, now = new Date()): EmployeePage {
    return {
      id: row.id,
      kind: row.kind,
      slug: row.slug,
      parentId: row.parentId,
      name: row.name,
      summary: row.summary,
      padBanner: row.padBannerPath === null ? null : { url: publicFileUrl(publicOrigin, row.padBannerPath) },
      sortOrder: row.sortOrder,
      showInMenu: row.showInMenu,
      published: row.published,
      publishAt: row.publishAt === null ? null : row.publishAt.toISOString(),
      seoName: row.seoName,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      seoKeywords: row.seoKeywords,
      components: row.components
        .filter((component) => component.key !== "Header" && component.key !== "Footer")
        .map((component) => toPageComponent(component, publicOrigin))
        .filter((component): component is PageComponent => component !== null),
      state: pageState(row, now),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Checks the page's rules and gives the row's values to write. */
  async function writtenValues(executor: DatabaseTransaction, page: EmployeePageWrite, id: number | null, publicOrigin: string) {
    if (page.kind === "main" && page.slug !== "") throw badPage("PAGE_MAIN_SLUG", "У главной страницы пустой адрес: оставьте поле «Адрес» пустым");
    if (page.kind !== "main" && page.slug === "") throw badPage("PAGE_SLUG_REQUIRED", "Укажите адрес страницы, например blog/novaya-statya");
    const [taken] = await executor
      .select({ id: websitePage.id })
      .from(websitePage)
      .where(and(eq(websitePage.slug, page.slug), id === null ? undefined : ne(websitePage.id, id)))
      .limit(1);
    if (taken) {
      throw new ShopError({ statusCode: 409, code: "PAGE_SLUG_TAKEN", messageUI: `Адрес «/${page.slug}» уже занят другой страницей`, message: `Slug '${page.slug}' is taken` });
    }
    if (page.parentId !== null) {
      // The parent must exist, and the page must not become its own ancestor.
      let cursor: number | null = page.parentId;
      for (let depth = 0; cursor !== null; depth += 1) {
        if (cursor === id || depth > 20) throw badPage("PAGE_PARENT_CYCLE", "Страница не может лежать внутри самой себя или своей вложенной страницы");
        const [parent] = await executor.select({ parentId: websitePage.parentId }).from(websitePage).where(eq(websitePage.id, cursor)).limit(1);
        if (!parent) throw badPage("PAGE_PARENT_UNKNOWN", `Родительской страницы №${cursor} нет`);
        cursor = parent.parentId;
      }
    }
    let padBannerPath: string | null = null;
    if (page.padBanner !== null) {
      const reference = toFileReferences(page.padBanner.url, publicOrigin);
      if (typeof reference !== "string" || !reference.startsWith(FILE_REFERENCE_PREFIX)) {
        throw badPage("PAGE_PICTURE_OUTSIDE", "Картинку страницы загрузите в хранилище сайта (кнопка «Загрузить картинку»)");
      }
      padBannerPath = reference.slice(FILE_REFERENCE_PREFIX.length);
    }
    const components = page.components.filter((component) => component.key !== "Header" && component.key !== "Footer").map(preparedComponent);
    // toFileReferences keeps the shapes; the stored form is plain JSON again.
    const stored = components.map((component) => ({ key: component.key, content: toFileReferences(component.content, publicOrigin) })) as StoredPageComponent[];
    return {
      kind: page.kind,
      slug: page.slug,
      parentId: page.parentId,
      name: page.name.trim(),
      summary: page.summary,
      bodyText: pagePlainText(components),
      components: stored,
      padBannerPath,
      sortOrder: page.sortOrder,
      showInMenu: page.showInMenu,
      published: page.published,
      publishAt: page.publishAt === null ? null : new Date(page.publishAt),
      seoName: page.seoName,
      seoTitle: page.seoTitle,
      seoDescription: page.seoDescription,
      seoKeywords: page.seoKeywords,
    };
  }

  function stateCondition(state: PageState): SQL {
    switch (state) {
      case "draft":
        return eq(websitePage.published, false);
      case "scheduled":
        return sql`(${websitePage.published} and ${websitePage.publishAt} > now())`;
      case "published":
        return publishedNow();
    }
  }

  async function menuBlock(): Promise<SiteBlock> {
    const rows = await db
      .select({ id: websitePage.id, name: websitePage.name, slug: websitePage.slug, showInMenu: websitePage.showInMenu })
      .from(websitePage)
      .where(isNull(websitePage.parentId))
      .orderBy(asc(websitePage.sortOrder), asc(websitePage.id));
    return { key: "menu", content: { items: rows.map((row) => ({ pageId: row.id, label: row.name, slug: row.slug, showInMenu: row.showInMenu })) }, updatedAt: null };
  }

async function getSiteBlock(key: SiteBlockKey, publicOrigin: string): Promise<SiteBlock> {
    if (key === "menu") return menuBlock();
    const [row] = await db.select().from(websiteBlock).where(eq(websiteBlock.key, STORED_BLOCK_KEY[key])).limit(1);
    const content = resolveFileReferences(row?.content, publicOrigin);
    const updatedAt = row ? row.updatedAt.toISOString() : null;
    switch (key) {
      case "header": {
        const parsed = headerContentSchema.safeParse(content);
        return { key, content: parsed.success ? parsed.data : DEFAULT_HEADER, updatedAt };
      }
      case "side-menu": {
        // Never saved: the links the storefront shows meanwhile (the header's tabs).
        const parsed = sideMenuContentSchema.safeParse(content);
        return { key, content: parsed.success ? parsed.data : { items: await pages.sideMenu() }, updatedAt };
      }
      case "footer": {
        const parsed = footerContentSchema.safeParse(content);
        return { key, content: parsed.success ? parsed.data : DEFAULT_FOOTER, updatedAt };
      }
      case "popup": {
        const parsed = popupBlockContentSchema.safeParse(content);
        return { key, content: parsed.success ? parsed.data : DEFAULT_POPUP, updatedAt };
      }
    }
  }

  return {
    async listPages(query) {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? EMPLOYEE_PAGE_LIST_DEFAULT_LIMIT;
      const words = query.q?.trim() ?? "";
      const pattern = `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      const where = and(
        query.kind === undefined ? undefined : eq(websitePage.kind, query.kind),
        query.state === undefined ? undefined : stateCondition(query.state),
        words === "" ? undefined : or(ilike(websitePage.name, pattern), ilike(websitePage.slug, pattern)),
      );
      const now = new Date();
      const [rows, [total]] = await Promise.all([
        db.select().from(websitePage).where(where).orderBy(desc(websitePage.updatedAt), desc(websitePage.id)).limit(limit).offset(offset),
        db.select({ value: count() }).from(websitePage).where(where),
      ]);
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          kind: row.kind,
          name: row.name,
          parentId: row.parentId,
          state: pageState(row, now),
          publishAt: row.publishAt === null ? null : row.publishAt.toISOString(),
          showInMenu: row.showInMenu,
          updatedAt: row.updatedAt.toISOString(),
        })),
        total: total?.value ?? 0,
        offset,
        limit,
      };
    },

    async getPage(id, publicOrigin) {
      return toEmployeePage(await pageRow(db, id), publicOrigin);
    },

    async createPage(viewer, page, publicOrigin) {
      const row = await db.transaction(async (tx) => {
        const values = await writtenValues(tx, page, null, publicOrigin);
        const [created] = await tx.insert(websitePage).values(values).returning();
        if (!created) throw new Error("The page insert returned no row");
        await recordAudit(tx, auditActorOf(viewer), { objectType: "website-page", objectId: created.id, action: "create", before: null, after: auditedPage(created) });
        return created;
      });
      return toEmployeePage(row, publicOrigin);
    },

    async updatePage(viewer, id, page, publicOrigin) {
      const row = await db.transaction(async (tx) => {
        const before = await pageRow(tx, id, true);
        if (page.updatedAt !== undefined && new Date(page.updatedAt).getTime() !== before.updatedAt.getTime()) throw changedMeanwhile("Страницу");
        const values = await writtenValues(tx, page, id, publicOrigin);
        const [updated] = await tx
          .update(websitePage)
          .set({ ...values, updatedAt: sql`greatest(now(), ${before.updatedAt.toISOString()}::timestamptz + interval '1 millisecond')` })
          .where(eq(websitePage.id, id))
          .returning();
        if (!updated) throw pageNotFound(id);
        await recordAudit(tx, auditActorOf(viewer), { objectType: "website-page", objectId: id, action: "update", before: auditedPage(before), after: auditedPage(updated) });
        return updated;
      });
      return toEmployeePage(row, publicOrigin);
    },

    async deletePage(viewer, id) {
      await db.transaction(async (tx) => {
        const before = await pageRow(tx, id, true);
        if (before.kind === "main") throw badPage("PAGE_MAIN_KEPT", "Главную страницу удалить нельзя — её можно только изменить");
        await tx.delete(websitePage).where(eq(websitePage.id, id));
        await recordAudit(tx, auditActorOf(viewer), { objectType: "website-page", objectId: id, action: "delete", before: auditedPage(before), after: null });
      });
      return { id, deleted: true };
    },

    getSiteBlock,

    async updateSiteBlock(viewer, key, block, publicOrigin) {
      if (block.key !== key) throw badPage("SITE_BLOCK_KEY_MISMATCH", `В запросе блок «${block.key}», а в адресе — «${key}»`);
      const actor = auditActorOf(viewer);
      if (block.key === "menu") {
        await db.transaction(async (tx) => {
          const rows = await tx
            .select({ id: websitePage.id, sortOrder: websitePage.sortOrder, showInMenu: websitePage.showInMenu })
            .from(websitePage)
            .where(isNull(websitePage.parentId))
            .orderBy(asc(websitePage.sortOrder), asc(websitePage.id))
            .for("update");
          const known = new Map(rows.map((row) => [row.id, row]));
          const seen = new Set<number>();
          for (const item of block.content.items) {
            if (!known.has(item.pageId)) throw badPage("MENU_PAGE_UNKNOWN", `Страницы №${item.pageId} нет среди страниц верхнего уровня`);
            if (seen.has(item.pageId)) throw badPage("MENU_PAGE_TWICE", `Страница №${item.pageId} указана в меню дважды`);
            seen.add(item.pageId);
          }
          const before = { items: rows.map((row) => ({ pageId: row.id, showInMenu: row.showInMenu })) };
          for (const [index, item] of block.content.items.entries()) {
            const current = known.get(item.pageId);
            const sortOrder = (index + 1) * 10;
            if (current && (current.sortOrder !== sortOrder || current.showInMenu !== item.showInMenu)) {
              await tx.update(websitePage).set({ sortOrder, showInMenu: item.showInMenu, updatedAt: sql`now()` }).where(eq(websitePage.id, item.pageId));
            }
          }
          const listed = block.content.items.map((item) => ({ pageId: item.pageId, showInMenu: item.showInMenu }));
          const after = { items: [...listed, ...before.items.filter((item) => !seen.has(item.pageId))] };
          await recordAudit(tx, actor, { objectType: "site-block", objectId: "menu", action: "update", before, after });
        });
        return menuBlock();
      }
      const storedKey = STORED_BLOCK_KEY[block.key];
      const content = toFileReferences(block.content, publicOrigin) as Record<string, unknown>;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(websiteBlock).where(eq(websiteBlock.key, storedKey)).limit(1).for("update");
        if (row && block.updatedAt != null && new Date(block.updatedAt).getTime() !== row.updatedAt.getTime()) throw changedMeanwhile("Блок сайта");
        await tx
          .insert(websiteBlock)
          .values({ key: storedKey, content })
          .onConflictDoUpdate({ target: websiteBlock.key, set: { content, updatedAt: sql`now()` } });
        await recordAudit(tx, actor, { objectType: "site-block", objectId: block.key, action: row ? "update" : "create", before: row ? row.content : null, after: content });
      });
      return getSiteBlock(key, publicOrigin);
    },

    async pagesDueBetween(since, now) {
      const [row] = await db
        .select({ value: count() })
        .from(websitePage)
        .where(and(eq(websitePage.published, true), sql`${websitePage.publishAt} > ${since.toISOString()}::timestamptz`, sql`${websitePage.publishAt} <= ${now.toISOString()}::timestamptz`));
      return (row?.value ?? 0) > 0;
    },
  };
}

/** How often the scheduler looks for scheduled pages that came due (limits: a page appears at most this late in cached answers). */
export const SCHEDULED_PAGES_EVERY_MS = 60_000;

/**
 * The scheduler's task for scheduled pages: the storefront's queries already show a page once its
 * `publish_at` has passed, but the cached answers, the sitemap and the menu must follow, so when a
 * page came due since the last look the "pages" caches drop on every node.
 */
export function scheduledPagesTask(db: Database, invalidatePages: () => Promise<void>): () => Promise<void> {
  const content = createContentService(db);
  let since = new Date();
  return async () => {
    const now = new Date();
    if (await content.pagesDueBetween(since, now)) await invalidatePages();
    since = now;
  };
}
