import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod/mini";
import { footerContentSchema, headerContentSchema, PAGE_LIST_DEFAULT_LIMIT, SEARCH_DEFAULT_LIMIT, sideMenuContentSchema } from "../../../shared/contracts/index";
import type {
  FooterContent,
  HeaderContent,
  MenuTab,
  Page,
  PageComponent,
  PageList,
  PageListQuery,
  PageSeo,
  PopupAnswer,
  SearchQuery,
  SearchResultPage,
  SideMenuItem,
} from "../../../shared/contracts/index";
import { pagePath } from "../../../shared/domain/index";
import type { Database } from "../../db/client";
import { product, productCategory, websiteBlock, websitePage } from "../../db/schema";
import type { WebsitePageRow } from "../../db/schema";
import { kopecksToRoubles, publicFileUrl } from "../catalog/catalog.mapper";
import { resolveFileReferences, toActivePopup, toPageComponent, toPageRef, toPageSeo, toPageSummary } from "./pages.mapper";
import { CYRILLIC_LOWER, CYRILLIC_UPPER, searchWordForms, searchWordWeight, transliteratedQuery } from "./search-terms";
import { ShopError } from "../shop-error";
import { SEARCH_COUNT_CAP } from "../../limits";
import { productItselfOnSale, productOnSale } from "../catalog/on-sale";

/*
 * The website's pages, the site-wide blocks and the site search (spec §7 "Pages"). Only published
 * pages are ever answered; an unpublished one is as unknown as a missing one.
 */

export interface PagesService {
  /** The page at `slug` ('' is the main page) with the Header and Footer among its components. */
  getPage(slug: string, publicOrigin: string): Promise<Page>;
  getPageSeo(slug: string): Promise<PageSeo>;
  listPages(query: PageListQuery, publicOrigin: string): Promise<PageList>;
  menu(): Promise<MenuTab[]>;
  /** The side menu's links: the stored `SideMenu` block, or the header's tabs while none is stored. */
  sideMenu(): Promise<SideMenuItem[]>;
  /** Every published page's slug and when it last changed: the host site's sitemap.xml. */
  sitemapPages(): Promise<{ slug: string; updatedAt: string }[]>;
  header(publicOrigin: string): Promise<HeaderContent>;
  footer(publicOrigin: string): Promise<FooterContent>;
  popup(publicOrigin: string, now?: Date): Promise<PopupAnswer>;
  search(query: SearchQuery, publicOrigin: string): Promise<SearchResultPage>;
}

/** The block keys of `website_block`. */
export const websiteBlockKeys = { header: "Header", sideMenu: "SideMenu", footer: "Footer", popup: "Popup" } as const;

/** The side menu of a shop that never saved one: the header's tabs (what the side menu showed before it had its own block). */
export function sideMenuOfTabs(tabs: readonly MenuTab[]): SideMenuItem[] {
  return tabs.map((tab) => ({ label: tab.label, href: pagePath(tab.slug) }));
}

/** At most this many child pages come with a page; longer lists are paged with GET /public/website/page. */
export const PAGE_CHILDREN_LIMIT = 100;
/** The menu is short by nature; this only guards against a misconfigured site. */
export const MENU_LIMIT = 50;
/** A sitemap holds at most 50 000 addresses (sitemaps.org); the pages are a small part of them. */
export const SITEMAP_PAGES_LIMIT = 10_000;

/**
 * ts_headline options: plain text (no markers), up to two fragments joined by « … ». The storefront
 * marks the words itself if it wants to.
 */
const HEADLINE_OPTIONS = 'MaxWords=30, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … ", StartSel="", StopSel=""';

/**
 * How close a query word must come to a word of a product's or its category's name (pg_trgm
 * word_similarity, 0…1). «визиток» to «визитки» and «наклеек» to «наклейки» score 0.625, a letter
 * left out («визтки») 0.5; unrelated words stay below 0.3.
 */
const NAME_SIMILARITY_THRESHOLD = 0.5;

/**
 * How well each meaningful query word matches the product's name and category name by trigrams,
 * one column per word (`similarity_0`, …; the best of the word's forms): catches the Russian forms
 * the stemmer leaves apart («визиток» and «визитки» have the stems «визиток» and «визитк»), typos
 * and transliteration. Needs `product` joined with `product_category`. Computed once per candidate
 * in a fenced sub-select (productNameScore reads the columns), where it used to be written out in
 * the WHERE, the rank and each CASE's test and result — four word_similarity calls per word and
 * row where one does (issue 31).
 */
function productNameSimilarities(meaningfulForms: readonly string[][]): SQL[] {
  const names = sql`translate(lower(${product.name} || ' ' || ${productCategory.name}), ${CYRILLIC_UPPER}, ${CYRILLIC_LOWER})`;
  return meaningfulForms.map(
    (forms, index) =>
      sql`greatest(${sql.join(
        forms.map((form) => sql`word_similarity(${form}, ${names})`),
        sql`, `,
      )}) as ${sql.raw(`similarity_${index}`)}`,
  );
}

/**
 * The sum, over the query's meaningful words, of their similarities (productNameSimilarities, read
 * from `scored`) at or above the threshold, each counted by its searchWordWeight: «печать» in
 * «печать наклеек» names the shop's trade, not the product, so a category called «…печать» does not
 * outrank the stickers. A stop word («для», «при») is empty to the russian configuration and scores
 * nothing. `anyWords`: whether the query had words at all (a sum of none is the integer 0).
 */
function productNameScore(meaningfulForms: readonly string[][], anyWords: boolean): SQL {
  if (meaningfulForms.length === 0) return anyWords ? sql`0::float8` : sql`0`;
  const perWord = meaningfulForms.map(([word = ""], index) => {
    const similarity = sql`scored.${sql.raw(`similarity_${index}`)}`;
    return sql`(case when ${similarity} >= ${NAME_SIMILARITY_THRESHOLD} then ${similarity} * ${String(searchWordWeight(word))}::float8 else 0 end)`;
  });
  return sql`(${sql.join(perWord, sql` + `)})`;
}

/**
 * How many products may match at all, counted exactly up to `cap` + 1 (issue 31: a common word
 * matches thousands at 1000×, and the page says «более 1 000» beyond the cap): one scan whose rows
 * come from indexes — the text match (the search vector's GIN index), a folded name within the
 * threshold of a query word (product.search_name's trigram GIN index; `<%` is word_similarity ≥
 * pg_trgm.word_similarity_threshold, which search() sets to NAME_SIMILARITY_THRESHOLD for its
 * transaction) and the products of the categories whose names match (found first, a handful of
 * rows) — and that stops at cap + 1 rows. `forms` holds no stop word: each such product then has a
 * text match or a name score above 0, so this counts the matches without scoring any. A word
 * matching only across the boundary of the name and the category name (the score reads them as
 * one text) is not counted: a corner the indexes trade away.
 *
 * Before that scan, the arms an index answers exactly are counted alone, cheapest first
 * (productExactArmsCount): when one of them alone passes the cap, so does the union, and the scan
 * of the union — whose trigram arms recheck every row with word_similarity — is neither planned
 * nor run.
 */
function productMatchCount(tsQuery: SQL, forms: readonly string[], categoryIds: readonly number[], cap: number): SQL {
  const arms: SQL[] = [sql`${product.searchVector} @@ ${tsQuery}`];
  for (const form of forms) arms.push(sql`${form} <% ${product.searchName}`);
  if (categoryIds.length > 0) arms.push(inArray(product.categoryId, [...categoryIds]));
  return sql`select ${productsUpTo(sql`(${sql.join(arms, sql` or `)})`, cap)} as value`;
}

/** The products on sale that `match`, counted up to cap + 1 (a scalar sub-select). */
function productsUpTo(match: SQL, cap: number): SQL {
  return sql`(select count(*)::int from (select ${product.id} from ${product} where ${productOnSale} and ${match} limit ${cap + 1}) as matched)`;
}

/**
 * The arms of productMatchCount that an index answers exactly, each counted alone up to cap + 1:
 * the matching categories' products (an index-only walk of product_category_times_ordered_idx) and
 * the text match (the tsvector GIN index, no per-row recheck). Above the cap means the union is
 * above it too (issue 31: «печать листовок» at 1000× rechecked 1 001 rows of the union with
 * word_similarity, 140–300 ms on PGlite, while its categories alone hold 8 008 products). The CASE
 * runs the text count (an init plan) only when it reaches it. Null when the union is the text
 * match alone (no query word gets a trigram arm): productMatchCount counts it as cheaply.
 */
function productExactArmsCount(tsQuery: SQL, forms: readonly string[], categoryIds: readonly number[], cap: number): SQL | null {
  if (forms.length === 0 && categoryIds.length === 0) return null;
  const textCount = productsUpTo(sql`${product.searchVector} @@ ${tsQuery}`, cap);
  if (categoryIds.length === 0) return sql`select ${textCount} as value`;
  const categoryCount = productsUpTo(inArray(product.categoryId, [...categoryIds]), cap);
  return sql`select case when ${categoryCount} > ${cap} then ${cap + 1} else ${textCount} end as value`;
}

/**
 * How many text matches the text arm of productTopCandidates ranks by ts_rank, taken as the GIN
 * index gives them (issue 31): ranking every text match scored 5,000 rows for «визитки» at 1000×.
 * Beyond this many, the names nearest the query (the KNN arms) carry the ranking: a product whose
 * name matches scores its name similarity on top of ts_rank, so the best of a page come from there.
 */
export const SEARCH_TEXT_RANKED = 200;

/**
 * The few candidates worth scoring for a page that ends at `depth`: from each arm of
 * productMatchCount its best `depth`, each found index-first — the best ts_rank among the first
 * SEARCH_TEXT_RANKED text matches, the nearest names per query word (a KNN walk of the GiST trigram index, `<->>` being
 * 1 − word_similarity) and the most ordered products of each matching category. The exact score
 * then runs on these only, not on the thousands a common word matches at 1000× (server/docs/performance.md).
 * A product outside every arm's best could still outscore one inside by adding up parts; and among
 * names at the same distance the walk returns any, so ties may show other equals than a full sort.
 */
function productTopCandidates(tsQuery: SQL, forms: readonly string[], categoryIds: readonly number[], depth: number): SQL {
  const arms: SQL[] = [
    sql`(select scored.id from (select ${product.id} as id, ${product.searchVector} as search_vector from ${product}
      where ${product.searchVector} @@ ${tsQuery} and ${productOnSale} limit ${Math.max(depth, SEARCH_TEXT_RANKED)}) as scored
      order by ts_rank(scored.search_vector, ${tsQuery}, 32) desc, scored.id limit ${depth})`,
  ];
  for (const form of forms) {
    // The product's own on-sale test filters the KNN walk of the GiST index (a row check per step); the
    // hidden categories (a few) are left out after it, so the planner keeps the nearest-first walk.
    arms.push(sql`(select nearest.id from (select ${product.id} as id, ${product.categoryId} as category_id, ${product.searchName} <->> ${form} as distance from ${product} where ${productItselfOnSale}
      order by ${product.searchName} <->> ${form} limit ${depth}) as nearest where nearest.distance <= ${1 - NAME_SIMILARITY_THRESHOLD}
      and nearest.category_id not in (select ${productCategory.id} from ${productCategory} where ${productCategory.hidden}))`);
  }
  for (const categoryId of categoryIds) {
    arms.push(sql`(select ${product.id} from ${product} where ${product.categoryId} = ${categoryId} and ${productOnSale}
      order by ${product.timesOrdered} desc, ${product.id} desc limit ${depth})`);
  }
  return sql`${product.id} = any(array(${sql.join(arms, sql` union `)}))`;
}

const searchRowSchema = z.object({
  type: z.enum(["page", "product"]),
  id: z.coerce.number(),
  title: z.string(),
  snippet: z.string(),
  path: z.string(),
  image_path: z.nullable(z.string()),
  price_kopecks: z.nullable(z.coerce.number()),
  rank: z.coerce.number(),
});

/**
 * Shown to shoppers now: published, and its `publish_at` (a scheduled page) reached. Drafts and
 * pages scheduled for later are as unknown as missing ones (issue 29).
 */
export function publishedNow(): SQL {
  return sql`(${websitePage.published} and (${websitePage.publishAt} is null or ${websitePage.publishAt} <= now()))`;
}

const pageNotFound = (slug: string) =>
  new ShopError({ statusCode: 404, code: "PAGE_NOT_FOUND", messageUI: "Страница не найдена", message: `No published page with slug '${slug}'` });

const summaryColumns = {
  id: websitePage.id,
  slug: websitePage.slug,
  kind: websitePage.kind,
  name: websitePage.name,
  summary: websitePage.summary,
  createdAt: websitePage.createdAt,
  padBannerPath: websitePage.padBannerPath,
};

/** Blog posts newest first; everything else in the shop's order. Both end with the id so pages never overlap. */
function listOrder(kind: WebsitePageRow["kind"]): SQL[] {
  return kind === "blog" ? [desc(websitePage.createdAt), desc(websitePage.id)] : [asc(websitePage.sortOrder), asc(websitePage.id)];
}

export interface PagesServiceOptions {
  /** The search counts its matches exactly up to this many (SEARCH_COUNT_CAP by default; tests use a few). */
  searchCountCap?: number;
}

export function createPagesService(db: Database, options: PagesServiceOptions = {}): PagesService {
  const countCap = options.searchCountCap ?? SEARCH_COUNT_CAP;
  async function findPublished(slug: string): Promise<WebsitePageRow> {
    const [row] = await db
      .select()
      .from(websitePage)
      .where(and(eq(websitePage.slug, slug), publishedNow()))
      .limit(1);
    if (!row) throw pageNotFound(slug);
    return row;
  }

  async function menuTabs(): Promise<MenuTab[]> {
    return db
      .select({ slug: websitePage.slug, label: websitePage.name })
      .from(websitePage)
      .where(and(isNull(websitePage.parentId), eq(websitePage.showInMenu, true), publishedNow()))
      .orderBy(asc(websitePage.sortOrder), asc(websitePage.id))
      .limit(MENU_LIMIT);
  }

  async function blockContent(key: string): Promise<{ content: unknown; updatedAt: Date } | null> {
    const [row] = await db.select().from(websiteBlock).where(eq(websiteBlock.key, key)).limit(1);
    return row ? { content: row.content, updatedAt: row.updatedAt } : null;
  }

  async function headerContent(publicOrigin: string): Promise<HeaderContent | null> {
    const block = await blockContent(websiteBlockKeys.header);
    const parsed = headerContentSchema.safeParse(resolveFileReferences(block?.content, publicOrigin));
    return parsed.success ? parsed.data : null;
  }

  async function footerContent(publicOrigin: string): Promise<FooterContent | null> {
    const block = await blockContent(websiteBlockKeys.footer);
    const parsed = footerContentSchema.safeParse(resolveFileReferences(block?.content, publicOrigin));
    return parsed.success ? parsed.data : null;
  }

  return {
    async getPage(slug, publicOrigin) {
      const row = await findPublished(slug);
      const [parentRows, childRows, header, footer] = await Promise.all([
        row.parentId === null
          ? Promise.resolve([])
          : db
              .select({ id: websitePage.id, slug: websitePage.slug, name: websitePage.name })
              .from(websitePage)
              .where(and(eq(websitePage.id, row.parentId), publishedNow()))
              .limit(1),
        db
          .select(summaryColumns)
          .from(websitePage)
          .where(and(eq(websitePage.parentId, row.id), publishedNow()))
          .orderBy(...listOrder(row.kind))
          .limit(PAGE_CHILDREN_LIMIT),
        headerContent(publicOrigin),
        footerContent(publicOrigin),
      ]);
      const own = row.components
        // The site-wide blocks come from website_block only, once each.
        .filter((component) => component.key !== "Header" && component.key !== "Footer")
        .map((component) => toPageComponent(component, publicOrigin))
        .filter((component): component is PageComponent => component !== null)
        // Shoppers get the Article's sanitised HTML only; its Markdown source stays in the back office.
        .map((component): PageComponent => (component.key === "Article" ? { key: "Article", content: { markdown: "", html: component.content.html } } : component));
      const components: PageComponent[] = [
        ...(header ? [{ key: "Header" as const, content: header }] : []),
        ...own,
        ...(footer ? [{ key: "Footer" as const, content: footer }] : []),
      ];
      const parent = parentRows[0];
      return {
        ...toPageSummary(row, publicOrigin),
        updatedAt: row.updatedAt.toISOString(),
        parent: parent ? toPageRef(parent) : null,
        children: childRows.map((child) => toPageSummary(child, publicOrigin)),
        components,
        ...toPageSeo(row),
      };
    },

    async getPageSeo(slug) {
      return toPageSeo(await findPublished(slug));
    },

    async listPages(query, publicOrigin) {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? PAGE_LIST_DEFAULT_LIMIT;
      // The section's own page (blog, vakansii …) has no parent; its items sit under it.
      const where = and(
        eq(websitePage.kind, query.kind),
        publishedNow(),
        isNotNull(websitePage.parentId),
        query.exclude === undefined ? undefined : ne(websitePage.id, query.exclude),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(websitePage)
          .where(where)
          .orderBy(...listOrder(query.kind))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(websitePage).where(where),
      ]);
      return { items: rows.map((row) => toPageSummary(row, publicOrigin)), total: total?.value ?? 0, offset, limit };
    },

    menu: menuTabs,

    async sideMenu() {
      const block = await blockContent(websiteBlockKeys.sideMenu);
      const parsed = sideMenuContentSchema.safeParse(block?.content);
      if (parsed.success) return parsed.data.items;
      return sideMenuOfTabs(await menuTabs());
    },

    async sitemapPages() {
      const rows = await db
        .select({ slug: websitePage.slug, updatedAt: websitePage.updatedAt })
        .from(websitePage)
        .where(publishedNow())
        .orderBy(asc(websitePage.sortOrder), asc(websitePage.id))
        .limit(SITEMAP_PAGES_LIMIT);
      return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
    },

    async header(publicOrigin) {
      const content = await headerContent(publicOrigin);
      if (!content) {
        throw new ShopError({ statusCode: 404, code: "HEADER_NOT_FOUND", messageUI: "Шапка сайта ещё не заполнена", message: "No valid Header block" });
      }
      return content;
    },

    async footer(publicOrigin) {
      const content = await footerContent(publicOrigin);
      if (!content) {
        throw new ShopError({ statusCode: 404, code: "FOOTER_NOT_FOUND", messageUI: "Подвал сайта ещё не заполнен", message: "No valid Footer block" });
      }
      return content;
    },

    async popup(publicOrigin, now = new Date()) {
      const block = await blockContent(websiteBlockKeys.popup);
      if (!block) return {};
      return toActivePopup(block.content, block.updatedAt, now, publicOrigin) ?? {};
    },

    async search(query, publicOrigin) {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? SEARCH_DEFAULT_LIMIT;
      // websearch_to_tsquery never fails on syntax: quotes, -words and stray & | ! : * are read as text.
      // A query typed in Latin letters is also read in Cyrillic («vizitki» → «визитки»).
      const transliterated = transliteratedQuery(query.search);
      const tsQuery =
        transliterated === null
          ? sql`websearch_to_tsquery('russian', ${query.search})`
          : sql`(websearch_to_tsquery('russian', ${query.search}) || websearch_to_tsquery('russian', ${transliterated}))`;
      const pageMatch = and(publishedNow(), sql`${websitePage.searchVector} @@ ${tsQuery}`);
      const wordForms = searchWordForms(query.search);
      const textMatch = sql`${product.searchVector} @@ ${tsQuery}`;
      // The stop words («для», «при») score nothing, so they gather no candidates either.
      const meaningful =
        wordForms.length === 0
          ? []
          : z
              .array(z.object({ meaningful: z.boolean() }))
              .parse(
                (
                  (await db.execute(
                    sql`select numnode(plainto_tsquery('russian', w)) > 0 as meaningful from unnest(array[${sql.join(
                      wordForms.map(([word = ""]) => sql`${word}`),
                      sql`, `,
                    )}]::text[]) with ordinality as words(w, n) order by n`,
                  )) as { rows: unknown }
                ).rows,
              );
      const meaningfulForms = wordForms.filter((_, index) => meaningful[index]?.meaningful === true);
      const forms = meaningfulForms.flat();
      // The categories whose names come within the threshold of a query word: their products are candidates.
      const folded = sql`translate(lower(${productCategory.name}), ${CYRILLIC_UPPER}, ${CYRILLIC_LOWER})`;
      const matchingCategories =
        forms.length === 0
          ? []
          : await db
              .select({ id: productCategory.id })
              .from(productCategory)
              .where(or(...forms.map((form) => sql`word_similarity(${form}, ${folded}) >= ${NAME_SIMILARITY_THRESHOLD}`)));
      const categoryIds = matchingCategories.map((row) => row.id);
      // The candidates come from indexes, only the best of each arm for this page are scored, and the
      // total counts the union of the arms without scoring (productExactArmsCount, then productMatchCount if needed).
      const candidates = productTopCandidates(tsQuery, forms, categoryIds, offset + limit);
      // ts_rank(…, 32) is rank/(rank + 1), below 1; a product adds 1, so every product ranks above every page.
      const pageRank = sql`ts_rank(${websitePage.searchVector}, ${tsQuery}, 32)`;

      // The snippet's text travels with each match; ts_headline runs only on the page of results.
      const pages = db
        .select({
          type: sql<"page" | "product">`'page'`.as("type"),
          id: websitePage.id,
          title: sql<string>`${websitePage.name}`.as("title"),
          source: sql<string>`${websitePage.summary} || E'\\n' || ${websitePage.bodyText}`.as("source"),
          path: sql<string>`${websitePage.slug}`.as("path"),
          imagePath: sql<string | null>`${websitePage.padBannerPath}`.as("image_path"),
          priceKopecks: sql<number | null>`null::integer`.as("price_kopecks"),
          rank: sql<number>`${pageRank}`.as("rank"),
        })
        .from(websitePage)
        .where(pageMatch);
      // The candidates' text match, ts_rank and word similarities are computed once each in `scored`
      // (OFFSET 0 keeps the planner from folding it into the outer query, which would copy the
      // expressions into the filter and the rank again); the outer query filters and ranks from them.
      const scored = sql`select ${product.id} as id, ${product.name} as title, ${product.description} as source,
          'catalog/' || ${productCategory.slug} || '/' || ${product.id} as path, ${product.photoPaths}[1] as image_path,
          ${product.priceAfterDiscountKopecks} as price_kopecks, ${textMatch} as text_match, ts_rank(${product.searchVector}, ${tsQuery}, 32) as text_rank
          ${sql.join(
            productNameSimilarities(meaningfulForms).map((column) => sql`, ${column}`),
            sql``,
          )}
        from ${product} inner join ${productCategory} on ${productCategory.id} = ${product.categoryId}
        where ${candidates} offset 0`;
      const nameScore = productNameScore(meaningfulForms, wordForms.length > 0);
      const products = sql`select 'product' as type, scored.id, scored.title, scored.source, scored.path, scored.image_path, scored.price_kopecks,
          1 + scored.text_rank + ${nameScore} as rank
        from (${scored}) as scored where scored.text_match or ${nameScore} > 0`;

      const hits = sql`(${pages}) union all (${products}) order by rank desc, type, id limit ${limit} offset ${offset}`;
      const [found, [pageTotal], [productTotal]] = await db.transaction(async (tx) => {
        // The `<%` of productMatchCount compares against this threshold (this transaction only).
        // No JIT either: the count turns sequential scans off, which on PostgreSQL 15 prices every plan above
        // jit_above_cost, and compiling the statements took 1.5–2 s of a search on 31 products (issue 31).
        await tx.execute(
          sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(NAME_SIMILARITY_THRESHOLD)}, true), set_config('jit', 'off', true)`,
        );
        // One after another: a transaction is one connection, which runs one statement at a time.
        const page = await tx.execute(sql`
            SELECT hits.type, hits.id, hits.title, ts_headline('russian', hits.source, ${tsQuery}, ${HEADLINE_OPTIONS}) AS snippet,
              hits.path, hits.image_path, hits.price_kopecks, hits.rank
            FROM (${hits}) AS hits
            ORDER BY hits.rank DESC, hits.type, hits.id`);
        const pagesCounted = await tx.select({ value: count() }).from(websitePage).where(pageMatch);
        // With a LIMIT, the planner prices a sequential scan that evaluates the trigram match on every product it
        // passes above the indexes' bitmaps (1 s against 0.06 s for «визитки» at 1000×): the count reads the bitmaps.
        await tx.execute(sql`SELECT set_config('enable_seqscan', 'off', true)`);
        const countOf = async (statement: SQL) =>
          z
            .array(z.object({ value: z.coerce.number() }))
            .parse(((await tx.execute(statement)) as { rows: unknown }).rows)[0]?.value ?? 0;
        const exactArms = productExactArmsCount(tsQuery, forms, categoryIds, countCap);
        const exactArmsCounted = exactArms === null ? 0 : await countOf(exactArms);
        const productsCounted = [{ value: exactArmsCounted > countCap ? exactArmsCounted : await countOf(productMatchCount(tsQuery, forms, categoryIds, countCap)) }];
        return [page, pagesCounted, productsCounted] as const;
      });
      // Both drivers answer execute() with { rows }, but the shared Database type cannot say so.
      const rows = z.array(searchRowSchema).parse((found as { rows: unknown }).rows);
      return {
        items: rows.map((row) => ({
          type: row.type,
          id: row.id,
          title: row.title,
          snippet: row.snippet.replace(/\s+/g, " ").trim(),
          path: row.path,
          imageUrl: row.image_path === null ? null : publicFileUrl(publicOrigin, row.image_path),
          priceFrom: row.price_kopecks === null ? null : kopecksToRoubles(row.price_kopecks),
          rank: Number(row.rank),
        })),
        // Exact up to the cap; beyond it the page says «более …» (totalIsCapped).
        total: Math.min(countCap, (pageTotal?.value ?? 0) + (productTotal?.value ?? 0)),
        totalIsCapped: (pageTotal?.value ?? 0) + (productTotal?.value ?? 0) > countCap,
        offset,
        limit,
      };
    },
  };
}
