import type {
  BannerContent,
  ChecklistContent,
  ContactsContent,
  FilesContent,
  PageComponent,
  ProductCategoriesContent,
  ServiceContent,
  TextBlock,
  VacancyContent,
} from "../../shared/contracts/index";
import { catalogPath, displayPhone, fileNameWithoutExtension, formatRoubles, pagePath, telHref } from "../../shared/domain/index";
import { useCategories } from "../../shared/state/index";
import { ArticleBody } from "../../shared/ui/index";
import { BlogTeasers } from "../../widgets/blog-teasers/index";

/*
 * A website page's components (shared/contracts/pages.ts), drawn as plain React: the API sends
 * data, never HTML but the Article's (sanitised by the server), so every text is escaped by React and every link is an http(s) address or a
 * path of the shop (hrefSchema). Header and Footer belong to the layout; the Widget components
 * (the privacy policy and cookie documents) feed the cookie banner and the forms, not the page.
 */

export function PageContent({ components, headingLevel = 2, excludePost }: { components: readonly PageComponent[]; headingLevel?: 1 | 2; excludePost?: string }) {
  return (
    <>
      {components.map((component, index) => (
        <ContentBlock key={`${component.key}-${index}`} component={component} first={index === 0} headingLevel={headingLevel} excludePost={excludePost} />
      ))}
    </>
  );
}

function ContentBlock({
  component,
  first,
  headingLevel,
  excludePost,
}: {
  component: PageComponent;
  first: boolean;
  headingLevel: 1 | 2;
  excludePost: string | undefined;
}) {
  switch (component.key) {
    case "Text":
      return <TextBlocks blocks={component.content.blocks} />;
    case "Article":
      return <ArticleBody html={component.content.html} />;
    case "Banner":
      return <Banner content={component.content} asPageHeading={first && headingLevel === 1} first={first} />;
    case "ProductCategories":
      return <ProductCategories content={component.content} />;
    case "BlogTeasers":
      return (
        <div className="content-block">
          <BlogTeasers heading={component.content.title || "Блог"} exclude={excludePost} postHref={(post) => pagePath(post.slug)} />
        </div>
      );
    case "Contacts":
      return <ContactsBlock content={component.content} />;
    case "Vacancy":
      return <Vacancy content={component.content} />;
    case "Service":
      return <Service content={component.content} />;
    case "Checklist":
      return <Checklist content={component.content} />;
    case "Files":
      return <Files content={component.content} />;
    case "Header":
    case "Footer":
    case "Widget":
      return null;
  }
}

export function TextBlocks({ blocks }: { blocks: readonly TextBlock[] }) {
  return (
    <div className="content-block content-text">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading":
            return block.level === 2 ? <h2 key={index}>{block.text}</h2> : <h3 key={index}>{block.text}</h3>;
          case "paragraph":
            return block.link ? (
              <p key={index}>
                {block.text}{" "}
                <a href={block.link.href} {...(/^https?:/.test(block.link.href) ? { rel: "noopener", target: "_blank" } : {})}>
                  {block.link.label}
                </a>
              </p>
            ) : (
              <p key={index}>{block.text}</p>
            );
          case "list": {
            const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{item}</li>);
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case "note":
            return (
              <p key={index} className="content-note" role="note">
                {block.text}
              </p>
            );
        }
      })}
    </div>
  );
}

/** The page's first banner is its largest paint: its image is fetched first (Largest Contentful Paint). */
function Banner({ content, asPageHeading, first }: { content: BannerContent; asPageHeading: boolean; first: boolean }) {
  const Heading = asPageHeading ? "h1" : "h2";
  return (
    <section className="content-block content-banner">
      <div className="content-banner__text">
        <Heading className="content-banner__title">{content.title}</Heading>
        {content.subtitle ? <p className="content-banner__subtitle">{content.subtitle}</p> : null}
        {content.link ? (
          <a className="ottisk-button content-banner__link" href={content.link.href}>
            {content.link.label}
          </a>
        ) : null}
      </div>
      {content.imageUrl ? (
        <img className="content-banner__image" src={content.imageUrl} alt="" width={1200} height={600} fetchPriority={first ? "high" : undefined} />
      ) : null}
    </section>
  );
}

function ProductCategories({ content }: { content: ProductCategoriesContent }) {
  const categories = useCategories();
  const shown =
    categories.status === "ready"
      ? content.categorySlugs.length === 0
        ? categories.data
        : content.categorySlugs.flatMap((slug) => categories.data.filter((category) => category.slug === slug))
      : [];
  return (
    <section className="content-block" aria-label={content.title || "Каталог"}>
      {content.title ? <h2>{content.title}</h2> : null}
      {categories.status === "error" ? (
        <p className="ottisk-message ottisk-message--error" role="alert">
          {categories.messageUI} <a href={catalogPath()}>Открыть каталог</a>
        </p>
      ) : categories.status === "loading" ? (
        <p className="ottisk-message" role="status">
          Загружаем разделы каталога…
        </p>
      ) : (
        <ul className="content-tiles">
          {shown.map((category) => (
            <li key={category.id} className="content-tile">
              {category.photoUrl ? <img className="content-tile__image" src={category.photoUrl} alt="" width={400} height={300} loading="lazy" /> : null}
              <a className="content-tile__link" href={catalogPath(category.slug)}>
                {category.name}
              </a>
              {category.description ? <p className="content-tile__text">{category.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A point on Yandex Maps for an address with coordinates. */
function mapHref(geoLat: number, geoLon: number): string {
  return `https://yandex.ru/maps/?pt=${geoLon},${geoLat}&z=16&l=map`;
}

function ContactsBlock({ content }: { content: ContactsContent }) {
  return (
    <section className="content-block content-contacts" aria-label="Контакты">
      <div className="content-contacts__column">
        <h2>Телефоны</h2>
        <ul className="content-contacts__list">
          {content.phones.map((phone) => (
            <li key={phone.number}>
              {phone.label ? <span className="content-contacts__label">{phone.label}</span> : null}
              <a className="content-contacts__phone" href={telHref(phone.number)}>
                {displayPhone(phone.number)}
              </a>
            </li>
          ))}
        </ul>
        {content.email ? (
          <p>
            <span className="content-contacts__label">Почта</span> <a href={`mailto:${content.email}`}>{content.email}</a>
          </p>
        ) : null}
      </div>
      <div className="content-contacts__column">
        <h2>Адреса</h2>
        <ul className="content-contacts__list">
          {content.addresses.map((address) => (
            <li key={address.address} className="content-contacts__address">
              <h3>{address.title}</h3>
              <p>{address.address}</p>
              {address.operatingMode ? <p className="content-contacts__hours">{address.operatingMode}</p> : null}
              {address.note ? <p className="content-contacts__note">{address.note}</p> : null}
              <a href={mapHref(address.geoLat, address.geoLon)} target="_blank" rel="noopener">
                Показать на карте<span className="ottisk-visually-hidden"> (откроется в новой вкладке)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      {content.requisites ? (
        <div className="content-contacts__column">
          <h2>Реквизиты</h2>
          <p className="content-contacts__requisites">
            {content.requisites.split("\n").map((line, index) => (
              <span key={index}>
                {line}
                <br />
              </span>
            ))}
          </p>
        </div>
      ) : null}
    </section>
  );
}

const EMPLOYMENT: Record<VacancyContent["employment"], string> = {
  full: "Полная занятость",
  part: "Частичная занятость",
  shift: "Сменный график",
  internship: "Стажировка",
};

/** «от 50 000 ₽», «до 70 000 ₽», «50 000 ₽ – 70 000 ₽», «по договорённости». */
export function salaryText(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return `${formatRoubles(from)} – ${formatRoubles(to)} в месяц`;
  if (from !== null) return `от ${formatRoubles(from)} в месяц`;
  if (to !== null) return `до ${formatRoubles(to)} в месяц`;
  return "по договорённости";
}

function Vacancy({ content }: { content: VacancyContent }) {
  const lists: [string, string[]][] = [
    ["Обязанности", content.duties],
    ["Требования", content.requirements],
    ["Условия", content.conditions],
  ];
  return (
    <section className="content-block content-text" aria-label="Вакансия">
      <dl className="content-facts">
        <div>
          <dt>Зарплата</dt>
          <dd>{salaryText(content.salaryFrom, content.salaryTo)}</dd>
        </div>
        <div>
          <dt>Занятость</dt>
          <dd>{EMPLOYMENT[content.employment]}</dd>
        </div>
        {content.schedule ? (
          <div>
            <dt>График</dt>
            <dd>{content.schedule}</dd>
          </div>
        ) : null}
        {content.experience ? (
          <div>
            <dt>Опыт работы</dt>
            <dd>{content.experience}</dd>
          </div>
        ) : null}
      </dl>
      {lists.map(([title, items]) =>
        items.length > 0 ? (
          <div key={title}>
            <h2>{title}</h2>
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ) : null,
      )}
      {content.contactEmail ? (
        <p>
          Резюме присылайте на <a href={`mailto:${content.contactEmail}`}>{content.contactEmail}</a>.
        </p>
      ) : null}
    </section>
  );
}

function Service({ content }: { content: ServiceContent }) {
  return (
    <section className="content-block content-text" aria-label="Об услуге">
      <dl className="content-facts">
        <div>
          <dt>Цена</dt>
          <dd>{content.priceFrom === null ? "по запросу" : `от ${formatRoubles(content.priceFrom)}${content.priceUnit ? ` ${content.priceUnit}` : ""}`}</dd>
        </div>
        {content.productionTime ? (
          <div>
            <dt>Срок</dt>
            <dd>{content.productionTime}</dd>
          </div>
        ) : null}
      </dl>
      {content.features.length > 0 ? (
        <ul>
          {content.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      {content.orderHref ? (
        <p>
          <a className="ottisk-button" href={content.orderHref}>
            Заказать
          </a>
        </p>
      ) : null}
    </section>
  );
}

function Checklist({ content }: { content: ChecklistContent }) {
  return (
    <section className="content-block content-text" aria-label={content.title || "Что проверить"}>
      {content.title ? <h2>{content.title}</h2> : null}
      <ol className="content-checklist">
        {content.items.map((item) => (
          <li key={item.title}>
            <h3>{item.title}</h3>
            {item.text ? <p>{item.text}</p> : null}
            {item.preflightCode !== null ? <p className="content-checklist__code">Код проверки макета: {item.preflightCode}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Files({ content }: { content: FilesContent }) {
  return (
    <section className="content-block content-text" aria-label={content.title || "Документы"}>
      {content.title ? <h2>{content.title}</h2> : null}
      <ul className="content-files">
        {content.files.map((file) => (
          <li key={file.url}>
            <a href={file.url} download>
              {fileNameWithoutExtension(file.name)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
