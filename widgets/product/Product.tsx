import { useAtomValue, useSetAtom } from "jotai/react";
import { useId, useMemo, useState } from "react";
import type { FormEvent } from "react";
import { PRODUCT_MAX_QUANTITY } from "../../shared/contracts/wire";
import { productTemplatePath } from "../../shared/contracts/index";
import type { Cart, CartLine, Product, ProductOptionGroup, ProductOptionGroupName, ProductPriceTier, ProductSizeLimits } from "../../shared/contracts/index";
import { formatNumberRu, formatWorkingDays } from "../../shared/domain/counts";
import { formatRoubles } from "../../shared/domain/money";
import { formatDayMonth, readyDate, VAT_PERCENT } from "../../shared/domain/index";
import { defaultLineSize, finishingExclusionKey, sideFits, sizeRuleText } from "../../shared/domain/pricing";
import {
  addToCartAtom,
  cartStateAtom,
  loadProductAtom,
  siteNds,
  useFavouriteToggle,
  usePriceQuote,
  useProduct,
  useShowFailure,
  useSiteResource,
  useUrgentProduct,
} from "../../shared/state/index";
import { Alert, FavouriteStar, PhotoPlaceholderIcon } from "../../shared/ui/index";
import { useShopLink } from "../handoff";
import type { AlertMessage } from "../../shared/ui/index";

type SingleGroup = Exclude<ProductOptionGroupName, "finishing">;

/** What the shopper chose: one code per single-choice group, any finishing codes. */
export interface ProductChoice {
  single: Partial<Record<SingleGroup, string>>;
  finishing: string[];
  /** As typed; valid when a whole number from 1 to PRODUCT_MAX_QUANTITY. */
  quantity: string;
  isUrgent: boolean;
  /** A per-m² product's width and height in millimetres, as typed. */
  widthMm: string;
  heightMm: string;
}

export interface ProductPageProps {
  productId: number;
  /** Where the cart is (the link after adding). */
  cartUrl: string;
  /** Where the catalogue is (the link when the product cannot be shown). */
  catalogUrl: string;
  /** A line was added: the cart as the server answered and the new line. */
  onAdded?: ((cart: Cart, line: CartLine | undefined, quantity: number) => void) | undefined;
  onFavouriteChange?: ((state: { productId: number; inFavorite: boolean }) => void) | undefined;
  /** The shop's API (the templates' links): the element's `api-base`; the shop's own `/api` on its site. */
  apiBase?: string | undefined;
  /** Where «Создать макет онлайн» leads (the layout designer of this product); absent: no link. */
  designerUrl?: string | undefined;
}

function initialChoice(product: Product): ProductChoice {
  const single: Partial<Record<SingleGroup, string>> = {};
  let finishing: string[] = [];
  for (const group of product.options) {
    if (group.group === "finishing") finishing = group.choices.filter((choice) => choice.isDefault).map((choice) => choice.code);
    else single[group.group] = (group.choices.find((choice) => choice.isDefault) ?? group.choices[0])?.code;
  }
  const size = product.sizeLimits ? defaultLineSize(product.sizeLimits) : null;
  return {
    single,
    finishing,
    quantity: String(product.priceTiers[0]?.minQuantity ?? 1),
    isUrgent: false,
    widthMm: size ? String(size.widthMm) : "",
    heightMm: size ? String(size.heightMm) : "",
  };
}

/** A side typed into the size form, or null when it is not a whole number within the limits on the step. */
function sideOf(text: string, side: "width" | "height", limits: ProductSizeLimits): number | null {
  const clean = text.replace(/[\s\u00a0]/g, "");
  if (!/^\d+$/.test(clean)) return null;
  const value = Number(clean);
  const [min, max] = side === "width" ? [limits.minWidthMm, limits.maxWidthMm] : [limits.minHeightMm, limits.maxHeightMm];
  return sideFits(value, min, max, limits.stepMm) ? value : null;
}

function quantityOf(text: string): number | null {
  const clean = text.replace(/[\s\u00a0]/g, "");
  if (!/^\d+$/.test(clean)) return null;
  const value = Number(clean);
  return value >= 1 && value <= PRODUCT_MAX_QUANTITY ? value : null;
}

/** The product page: photos, options, runs, urgency, the server's price and «В корзину». */
export function ProductPage({ productId, cartUrl, catalogUrl, onAdded, onFavouriteChange, apiBase = "/api", designerUrl }: ProductPageProps) {
  const product = useProduct(productId);
  const reload = useSetAtom(loadProductAtom);
  if (product.status === "loading") {
    return (
      <section className="ottisk-root ottisk-product ottisk-product--loading" part="product" aria-busy="true">
        <p className="ottisk-product__status" role="status">
          Загружаем товар…
        </p>
      </section>
    );
  }
  if (product.status === "error") {
    return (
      <section className="ottisk-root ottisk-product" part="product">
        <div className="ottisk-message ottisk-message--error" role="alert" part="error">
          <p>{product.messageUI}</p>
          <p className="ottisk-product__error-actions">
            {product.httpStatus === 404 || product.httpStatus === 400 ? null : (
              <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => void reload(productId)}>
                Повторить
              </button>
            )}
            <a className="ottisk-button ottisk-button--quiet" href={catalogUrl}>
              Перейти в каталог
            </a>
          </p>
        </div>
      </section>
    );
  }
  return (
    <ProductView
      product={product.data}
      cartUrl={cartUrl}
      onAdded={onAdded}
      onFavouriteChange={onFavouriteChange}
      apiBase={apiBase}
      designerUrl={designerUrl}
    />
  );
}

interface ProductViewProps {
  product: Product;
  cartUrl: string;
  onAdded: ProductPageProps["onAdded"];
  onFavouriteChange: ProductPageProps["onFavouriteChange"];
  apiBase: string;
  designerUrl: string | undefined;
}

function ProductView({ product, cartUrl, onAdded, onFavouriteChange, apiBase, designerUrl }: ProductViewProps) {
  // A partner page's link to the shop's designer keeps the shopper's session (a hand-off).
  const shopLink = useShopLink();
  const headingId = useId();
  const quantityId = useId();
  const quantityErrorId = useId();
  const [choice, setChoice] = useState<ProductChoice>(() => initialChoice(product));
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const cartState = useAtomValue(cartStateAtom);
  const addToCart = useSetAtom(addToCartAtom);
  const showFailure = useShowFailure();
  const favourites = useFavouriteToggle(onFavouriteChange);
  const nds = useSiteResource(siteNds).resource;
  const urgent = useUrgentProduct(product.id, choice.isUrgent);
  const shown = urgent?.status === "ready" ? urgent.data : product;

  const quantity = quantityOf(choice.quantity);
  const limits = product.sizeLimits;
  const widthMm = limits ? sideOf(choice.widthMm, "width", limits) : null;
  const heightMm = limits ? sideOf(choice.heightMm, "height", limits) : null;
  const sizeValid = limits === null || (widthMm !== null && heightMm !== null);
  const hasFinishing = product.options.some((group) => group.group === "finishing");
  const options = useMemo(
    () => ({
      ...choice.single,
      ...(hasFinishing ? { finishing: choice.finishing } : {}),
      ...(widthMm !== null && heightMm !== null ? { widthMm, heightMm } : {}),
    }),
    [choice.single, choice.finishing, hasFinishing, widthMm, heightMm],
  );
  const request = useMemo(
    () => (quantity === null || !sizeValid ? null : { ...options, quantity, isUrgent: choice.isUrgent }),
    [options, quantity, sizeValid, choice.isUrgent],
  );
  const templateChoice = { format: choice.single.format, widthMm: widthMm ?? undefined, heightMm: heightMm ?? undefined };
  const price = usePriceQuote(product.id, request);

  const layoutDetails =
    price.status === "ready"
      ? price.quote.layoutDetails
      : product.details
          .filter((detail) => detail.requiresOptionCode === null || Object.values(choice.single).includes(detail.requiresOptionCode) || choice.finishing.includes(detail.requiresOptionCode))
          .map((detail) => detail.name);
  const productionDays =
    price.status === "ready"
      ? price.quote.productionTimeDay
      : choice.isUrgent && product.urgency.productionTimeDay !== null
        ? product.urgency.productionTimeDay
        : product.productionTimeDay;
  // The server's date (the live price's, or the page's); while an urgent choice's answer is on its way, the same function here.
  const ready =
    price.status === "ready"
      ? price.quote.readyDate
      : !choice.isUrgent
        ? product.readyDate
        : urgent?.status === "ready"
          ? urgent.data.readyDate
          : readyDate(new Date(), productionDays);
  const vatPercent = nds.status === "ready" ? nds.data.percent : VAT_PERCENT;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (quantity === null || !sizeValid || adding) return;
    const before = new Set((cartState.cart?.orderProduct ?? []).map((line) => line.id));
    setAdding(true);
    setAlert(null);
    try {
      const cart = await addToCart({
        productId: product.id,
        options,
        quantity,
        isUrgent: choice.isUrgent,
      });
      const fresh = cart.orderProduct.filter((line) => !before.has(line.id));
      const line = fresh.at(-1) ?? cart.orderProduct.filter((each) => each.product.id === product.id).at(-1) ?? cart.orderProduct.at(-1);
      setAdded(true);
      setAlert({ kind: "positive", text: "Товар добавлен в корзину" });
      onAdded?.(cart, line, quantity);
    } catch (error) {
      showFailure(error, (text) => setAlert({ kind: "negative", text }));
    } finally {
      setAdding(false);
    }
  };

  const favouriteAlert = useMemo<AlertMessage | null>(
    () => (favourites.error ? { kind: "negative", text: favourites.error } : null),
    [favourites.error],
  );

  return (
    <article className="ottisk-root ottisk-product" part="product" aria-labelledby={headingId}>
      <Gallery product={product} />
      <div className="ottisk-product__main">
        <div className="ottisk-product__heading">
          <h2 id={headingId} className="ottisk-product__name">
            {product.productName}
          </h2>
          <FavouriteStar productId={product.id} inFavorite={product.inFavorite} favourites={favourites} />
        </div>
        <Alert alert={favouriteAlert} onClose={favourites.clearError} />
        {product.description ? (
          <div className="ottisk-product__description">
            {product.description.split(/\n+/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : null}
        <form className="ottisk-product__form" part="form" aria-label="Параметры заказа" onSubmit={(event) => void submit(event)}>
          {limits ? (
            <SizeFields
              limits={limits}
              choice={choice}
              widthValid={widthMm !== null}
              heightValid={heightMm !== null}
              onChange={setChoice}
            />
          ) : null}
          {product.options.map((group) => (
            <OptionGroup key={group.group} group={group} choice={choice} onChange={setChoice} />
          ))}
          <fieldset className="ottisk-product__group" part="tiers">
            <legend className="ottisk-product__legend">Тираж</legend>
            <div className="ottisk-product__tiers">
              {shown.priceTiers.map((tier) => (
                <TierOption
                  key={tier.minQuantity}
                  tier={tier}
                  perSquareMetre={limits !== null}
                  checked={quantity === tier.minQuantity}
                  onChoose={() => setChoice({ ...choice, quantity: String(tier.minQuantity) })}
                />
              ))}
            </div>
            <label className="ottisk-product__quantity" htmlFor={quantityId}>
              <span>Свой тираж, шт.</span>
              <input
                id={quantityId}
                className="ottisk-input"
                name="quantity"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                value={choice.quantity}
                aria-invalid={quantity === null || undefined}
                aria-describedby={quantity === null ? quantityErrorId : undefined}
                onChange={(event) => setChoice({ ...choice, quantity: event.target.value })}
              />
            </label>
            {quantity === null ? (
              <p id={quantityErrorId} className="ottisk-product__invalid" role="alert">
                Тираж должен быть целым числом от 1 до {formatNumberRu(PRODUCT_MAX_QUANTITY)}
              </p>
            ) : null}
          </fieldset>
          {product.urgency.available && product.urgency.productionTimeDay !== null ? (
            <label className="ottisk-product__urgent" part="urgency">
              <input
                type="checkbox"
                name="isUrgent"
                checked={choice.isUrgent}
                onChange={(event) => setChoice({ ...choice, isUrgent: event.target.checked })}
              />
              <span>
                Срочное изготовление: {formatWorkingDays(product.urgency.productionTimeDay)}
                {product.urgency.surchargePct > 0 ? `, +${product.urgency.surchargePct} % к цене` : ""}
              </span>
            </label>
          ) : null}
          <section className="ottisk-product__layouts" part="layouts" aria-label="Макеты">
            <h3 className="ottisk-product__subheading">Нужны макеты</h3>
            {layoutDetails.length > 0 ? (
              <ul>
                {layoutDetails.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : (
              <p>Макеты для этого товара не нужны.</p>
            )}
            <p className="ottisk-product__note">Макеты загружаются в корзине, после того как товар добавлен.</p>
            {designerUrl !== undefined && layoutDetails.length > 0 ? (
              <p className="ottisk-product__designer" part="designer">
                <a className="ottisk-button ottisk-button--quiet" href={designerUrl} onClick={shopLink} part="designer-link">
                  Создать макет онлайн
                </a>{" "}
                <span className="ottisk-product__note">в конструкторе: шаблоны, свой текст и логотип, PDF для печати</span>
              </p>
            ) : null}
            <p className="ottisk-product__template" part="template">
              <a href={`${apiBase}${productTemplatePath(product.id, "pdf", templateChoice)}`} download part="template-link">
                Скачать шаблон
              </a>{" "}
              <span className="ottisk-product__note">
                (PDF, или{" "}
                <a href={`${apiBase}${productTemplatePath(product.id, "svg", templateChoice)}`} download>
                  SVG
                </a>
                ): размер в обрез, вылеты, безопасная зона и требования к макету
              </span>
            </p>
          </section>
          <div className="ottisk-product__summary" part="price" aria-live="polite" aria-busy={price.status === "loading"}>
            <p className="ottisk-product__time">Изготовление: {formatWorkingDays(productionDays)}</p>
            <p className="ottisk-product__ready">{`Будет готово ${formatDayMonth(ready)}`}</p>
            {price.status === "ready" ? (
              <p className="ottisk-product__price">
                <span className="ottisk-product__total">{formatRoubles(price.quote.price)}</span>
                {price.quote.priceBeforeDiscount > price.quote.price ? (
                  <s className="ottisk-product__old-price">
                    <span className="ottisk-visually-hidden">без скидки </span>
                    {formatRoubles(price.quote.priceBeforeDiscount)}
                  </s>
                ) : null}
                <span className="ottisk-product__unit">
                  {formatRoubles(price.quote.unitPrice)} за шт., {formatNumberRu(price.quote.quantity)} шт.
                </span>
              </p>
            ) : price.status === "error" ? (
              <p className="ottisk-product__price-error" role="alert">
                {price.messageUI}
              </p>
            ) : price.status === "loading" ? (
              <p className="ottisk-product__price ottisk-product__price--loading">Считаем цену…</p>
            ) : null}
            <p className="ottisk-product__vat">Все цены включают НДС {vatPercent} %</p>
          </div>
          <div className="ottisk-product__actions">
            <button type="submit" className="ottisk-button ottisk-product__add" part="add-button" disabled={quantity === null || !sizeValid} aria-busy={adding || undefined}>
              {adding ? "Добавляем…" : "В корзину"}
            </button>
            {added ? (
              <a className="ottisk-product__cart-link" href={cartUrl} part="cart-link">
                Перейти в корзину
              </a>
            ) : null}
          </div>
          <Alert alert={alert} onClose={() => setAlert(null)} />
        </form>
      </div>
    </article>
  );
}

function OptionGroup({ group, choice, onChange }: { group: ProductOptionGroup; choice: ProductChoice; onChange: (choice: ProductChoice) => void }) {
  const name = `option-${group.group}`;
  return (
    <fieldset className="ottisk-product__group" part="option-group">
      <legend className="ottisk-product__legend">{group.label}</legend>
      <div className="ottisk-product__choices">
        {group.choices.map((option) => {
          const single = group.group === "finishing" ? null : group.group;
          const checked = single === null ? choice.finishing.includes(option.code) : choice.single[single] === option.code;
          return (
            <label key={option.code} className="ottisk-product__choice">
              <input
                type={single === null ? "checkbox" : "radio"}
                name={name}
                value={option.code}
                checked={checked}
                onChange={(event) => {
                  if (single !== null) return onChange({ ...choice, single: { ...choice.single, [single]: option.code } });
                  // Choosing one lamination unchecks the other of the same surface (they exclude each other).
                  const key = finishingExclusionKey(option.code);
                  const finishing = event.target.checked
                    ? [...choice.finishing.filter((code) => key === null || finishingExclusionKey(code) !== key), option.code]
                    : choice.finishing.filter((code) => code !== option.code);
                  onChange({ ...choice, finishing });
                }}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function TierOption({ tier, perSquareMetre, checked, onChoose }: { tier: ProductPriceTier; perSquareMetre: boolean; checked: boolean; onChoose: () => void }) {
  return (
    <label className="ottisk-product__tier">
      <input type="radio" name="tier" value={String(tier.minQuantity)} checked={checked} onChange={onChoose} />
      <span className="ottisk-product__tier-quantity">{formatNumberRu(tier.minQuantity)} шт.</span>
      {perSquareMetre ? (
        // A per-m² product's tiers are priced at 1 m²: the rate, since the line's price follows its size.
        <span className="ottisk-product__tier-price">{formatRoubles(tier.unitPrice)} за м²</span>
      ) : (
        <span className="ottisk-product__tier-price">
          {formatRoubles(tier.price)}
          <span className="ottisk-product__tier-unit"> · {formatRoubles(tier.unitPrice)}/шт.</span>
        </span>
      )}
    </label>
  );
}

interface SizeFieldsProps {
  limits: ProductSizeLimits;
  choice: ProductChoice;
  widthValid: boolean;
  heightValid: boolean;
  onChange: (choice: ProductChoice) => void;
}

/** A per-m² product's own size: width and height in millimetres, each checked against its range and step as typed. */
function SizeFields({ limits, choice, widthValid, heightValid, onChange }: SizeFieldsProps) {
  const widthId = useId();
  const heightId = useId();
  const widthErrorId = useId();
  const heightErrorId = useId();
  const field = (side: "width" | "height", id: string, errorId: string, valid: boolean) => {
    const key = side === "width" ? "widthMm" : "heightMm";
    return (
      <>
        <label className="ottisk-product__quantity" htmlFor={id}>
          <span>{side === "width" ? "Ширина, мм" : "Высота, мм"}</span>
          <input
            id={id}
            className="ottisk-input"
            name={key}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={choice[key]}
            aria-invalid={!valid || undefined}
            aria-describedby={valid ? undefined : errorId}
            onChange={(event) => onChange({ ...choice, [key]: event.target.value })}
          />
        </label>
        {valid ? null : (
          <p id={errorId} className="ottisk-product__invalid" role="alert">
            {sizeRuleText(side, limits)}
          </p>
        )}
      </>
    );
  };
  return (
    <fieldset className="ottisk-product__group" part="size">
      <legend className="ottisk-product__legend">Размер в обрез</legend>
      <p className="ottisk-product__note">
        Ширина {limits.minWidthMm}–{limits.maxWidthMm} мм, высота {limits.minHeightMm}–{limits.maxHeightMm} мм, шаг {limits.stepMm} мм. Цена — за площадь.
      </p>
      {field("width", widthId, widthErrorId, widthValid)}
      {field("height", heightId, heightErrorId, heightValid)}
    </fieldset>
  );
}

function Gallery({ product }: { product: Product }) {
  const [current, setCurrent] = useState(0);
  const photos = product.photos;
  const shown = photos[Math.min(current, photos.length - 1)];
  return (
    <div className="ottisk-product__gallery" part="gallery">
      <div className="ottisk-product__photo">
        {shown ? (
          <img
            src={shown}
            alt={photos.length > 1 ? `${product.productName}, фото ${current + 1} из ${photos.length}` : product.productName}
            width={800}
            height={600}
            decoding="async"
            // The product's photo is the page's largest paint: fetched before the scripts.
            fetchPriority="high"
          />
        ) : (
          <span className="ottisk-product__placeholder" role="img" aria-label={`${product.productName}: фото пока нет`}>
            <PhotoPlaceholderIcon />
          </span>
        )}
      </div>
      {photos.length > 1 ? (
        <ul className="ottisk-product__thumbs" aria-label="Фотографии товара">
          {photos.map((photo, index) => (
            <li key={photo}>
              <button
                type="button"
                className="ottisk-product__thumb"
                aria-label={`Фото ${index + 1} из ${photos.length}`}
                aria-current={index === current ? "true" : undefined}
                onClick={() => setCurrent(index)}
              >
                <img src={photo} alt="" width={100} height={75} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
