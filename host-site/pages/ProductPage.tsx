import { useState } from "react";
import { formatRoubles, formatWorkingDays, pluralRu } from "../../shared/domain/format";
import { useProduct } from "../../shared/state/index";
import { catalogPath } from "../routes";

/** /catalog/{category}/{id}: what the product is, its photos and its price. */
export function ProductPage({ productId }: { productId: number }) {
  const product = useProduct(productId);
  const [photoIndex, setPhotoIndex] = useState(0);
  if (product.status === "loading") return <p className="ottisk-message" role="status">Загружаем товар…</p>;
  if (product.status === "error") {
    return (
      <p className="ottisk-message ottisk-message--error" role="alert">
        {product.messageUI} <a href={catalogPath()}>Вернуться в каталог</a>
      </p>
    );
  }
  const { data } = product;
  const photo = data.photos[photoIndex] ?? data.photos[0];
  return (
    <article className="product">
      <nav aria-label="Навигационная цепочка" className="breadcrumbs">
        <a href={catalogPath()}>Каталог</a> <span aria-hidden="true">/</span>{" "}
        <a href={catalogPath(data.category.slug)}>{data.category.name}</a>
      </nav>
      <div className="product__layout">
        <div className="product__gallery">
          <div className="product__photo">
            {photo ? (
              <img src={photo} alt={data.productName} width={800} height={600} />
            ) : (
              <span className="product__no-photo">Фото скоро появится</span>
            )}
          </div>
          {data.photos.length > 1 ? (
            <ul className="product__thumbs" aria-label="Фотографии товара">
              {data.photos.map((url, index) => (
                <li key={url}>
                  <button
                    type="button"
                    aria-label={`Фото ${index + 1}`}
                    aria-pressed={index === photoIndex}
                    onClick={() => setPhotoIndex(index)}
                  >
                    <img src={url} alt="" width={96} height={72} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="product__summary">
          <h1>{data.seoName || data.productName}</h1>
          <p className="product__price">
            от {formatRoubles(data.priceFrom)}
            {data.discountPct > 0 ? <span className="product__discount">скидка {data.discountPct}%</span> : null}
          </p>
          <dl className="product__facts">
            <div>
              <dt>Срок изготовления</dt>
              <dd>{formatWorkingDays(data.productionTimeDay)}</dd>
            </div>
            <div>
              <dt>Заказано</dt>
              <dd>
                {data.timesOrdered.toLocaleString("ru-RU")} {pluralRu(data.timesOrdered, { one: "раз", few: "раза", many: "раз" })}
              </dd>
            </div>
          </dl>
          <div className="product__description">
            {data.description.split(/\n{2,}/).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}
