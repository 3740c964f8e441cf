import { useSetAtom } from "jotai/react";
import { useEffect, useRef } from "react";
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { Product } from "../../shared/contracts/index";
import { catalogPath, productPath, SCREEN_PATHS } from "../../shared/domain/index";
import { loadCartAtom, useProduct } from "../../shared/state/index";
import { elements as designerElements } from "../../widgets/designer/index";

/*
 * /konstruktor/{productId} (issue 32): the layout designer of a product. The server draws the page's
 * shell — breadcrumbs, the h1, the product's sizes and sides, a short how-to — and the
 * <ottisk-designer> tag; the browser defines the element once the page is hydrated, so the
 * designer's code (its chunk, the fonts, the PDF export and the engine) loads on this page only.
 * The render has loaded the product already and sent anything that cannot be designed back to the
 * catalogue (entry-server.tsx).
 */

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types are a namespace
  namespace JSX {
    interface IntrinsicElements {
      "ottisk-designer": DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        "product-id": string;
        "design-id"?: string;
        "order-product-id"?: string;
        "cart-url"?: string;
      };
    }
  }
}

const mm = (value: number) => value.toLocaleString("ru-RU");

/** The product's trim sizes: its formats with a size of their own, else its details' sizes. */
export function designerSizes(product: Product): string[] {
  const formats = product.options.find((group) => group.group === "format")?.choices ?? [];
  const sized = formats.flatMap((choice) => (choice.widthMm !== null && choice.heightMm !== null ? [`${mm(choice.widthMm)} × ${mm(choice.heightMm)} мм`] : []));
  const fromDetails = product.details.map((detail) => `${mm(detail.profile.trimMm[0])} × ${mm(detail.profile.trimMm[1])} мм`);
  return [...new Set(sized.length > 0 ? sized : fromDetails)];
}

/** The option label that asks for a detail (the back side with «4+4»), for «при …». */
function requiringLabel(product: Product, code: string): string {
  for (const group of product.options) {
    const choice = group.choices.find((item) => item.code === code);
    if (choice) return choice.label;
  }
  return code;
}

export interface DesignerPageProps {
  productId: number;
  /** `?design=`: a saved layout design to reopen. */
  designId: string | null;
  /** `?line=`: the cart line whose layout is designed. */
  orderProductId: number | null;
}

export function DesignerPage({ productId, designId, orderProductId }: DesignerPageProps) {
  const product = useProduct(productId);
  const loadCart = useSetAtom(loadCartAtom);
  const designerRef = useRef<HTMLElement>(null);

  useEffect(() => {
    // The element's code, its own chunk: asked for here only, once the page is drawn.
    void designerElements["ottisk-designer"]?.();
  }, []);

  useEffect(() => {
    // The designer put a line into the cart through its own store: the header's cart follows.
    const element = designerRef.current;
    if (!element) return;
    const follow = () => void loadCart();
    element.addEventListener("ottisk-design-add-to-cart", follow);
    return () => element.removeEventListener("ottisk-design-add-to-cart", follow);
  }, [loadCart]);

  if (product.status !== "ready") {
    return (
      <div className="page-heading">
        <h1>Конструктор макета</h1>
        {product.status === "error" ? (
          <p role="alert">
            {product.messageUI} <a href={catalogPath()}>Перейти в каталог</a>
          </p>
        ) : (
          <p role="status">Загружаем товар…</p>
        )}
      </div>
    );
  }

  const data = product.data;
  const name = data.seoName || data.productName;
  const sizes = designerSizes(data);
  const bleeds = [...new Set(data.details.map((detail) => detail.profile.bleedMm))];
  return (
    <>
      <div className="page-heading">
        <nav aria-label="Навигационная цепочка" className="breadcrumbs">
          <a href={catalogPath()}>Каталог</a> <span aria-hidden="true">/</span> <a href={catalogPath(data.category.slug)}>{data.category.name}</a>{" "}
          <span aria-hidden="true">/</span> <a href={productPath(data.category.slug, data.id)}>{data.productName}</a>
        </nav>
        <h1>Конструктор макета — {name}</h1>
        <p className="page-heading__lead">Соберите макет из шаблона прямо в браузере: файл сразу готов к печати и проверен типографией.</p>
      </div>
      <div className="designer-page">
        <section className="designer-page__about" aria-labelledby="designer-page-product">
          <h2 id="designer-page-product">Формат и стороны</h2>
          <dl className="designer-page__facts">
            <div>
              <dt>{sizes.length > 1 ? "Размеры" : "Размер"}</dt>
              <dd>{sizes.join(", ")}</dd>
            </div>
            {bleeds.length > 0 ? (
              <div>
                <dt>Вылеты</dt>
                <dd>{bleeds.map((bleed) => `${mm(bleed)} мм`).join(", ")} с каждой стороны</dd>
              </div>
            ) : null}
            <div>
              <dt>Стороны</dt>
              <dd>
                <ul>
                  {data.details.map((detail) => (
                    <li key={detail.name}>
                      {detail.name}
                      {detail.requiresOptionCode !== null ? ` — при «${requiringLabel(data, detail.requiresOptionCode)}»` : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <h2>Как сделать макет</h2>
          <ol className="designer-page__steps">
            <li>Выберите шаблон и впишите свои данные: имя, должность, телефон, адрес.</li>
            <li>Загрузите логотип или фото, добавьте QR-код, поменяйте шрифты и цвета.</li>
            <li>Нажмите «Скачать PDF» — файл проверяется так же, как в типографии, — или сразу «В корзину».</li>
            <li>Макет сохраняется в «Мои макеты» в личном кабинете: к нему можно вернуться и заказать снова.</li>
          </ol>
        </section>
        <ottisk-designer
          ref={designerRef}
          className="designer-page__designer"
          product-id={String(data.id)}
          {...(designId !== null ? { "design-id": designId } : {})}
          {...(orderProductId !== null ? { "order-product-id": String(orderProductId) } : {})}
          cart-url={SCREEN_PATHS.cart}
        />
      </div>
    </>
  );
}
