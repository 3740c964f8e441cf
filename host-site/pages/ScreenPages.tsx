import { ACCOUNT_BASE, catalogPath, clientOrderPath, designerPath, pagePath, productPath, SCREEN_PATHS, successPath } from "../../shared/domain/index";
import { LoginButton, SearchBox } from "../../shared/ui/index";
import { Cart, PAYMENT_TYPE_LABELS } from "../../widgets/cart/index";
import { Favourites } from "../../widgets/favourites/index";
import { PlacedOrder } from "../../widgets/orders/index";
import { SearchResults } from "../../widgets/search/index";

/*
 * The shop's own screens of spec §2 — search results, favourites, the cart and the payment
 * success page — built from the widgets' components, on the shop's origin where the session is
 * the shop's cookie.
 */

function ScreenHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className="page-heading">
      <h1>{title}</h1>
      {lead ? <p className="page-heading__lead">{lead}</p> : null}
    </div>
  );
}

/** /poisk?q=…: the search box and the results of the address's query. */
export function SearchPage({ query }: { query: string }) {
  return (
    <>
      <ScreenHeading title="Поиск по сайту" />
      <div className="screen-search">
        <SearchBox resultsUrl={SCREEN_PATHS.search} />
      </div>
      <SearchResults key={query} query={query} resultHref={(result) => pagePath(result.path)} />
    </>
  );
}

/** /izbrannoe: the visitor's favourite products (spec §2: titled «Избранное»). */
export function FavouritesPage() {
  return (
    <>
      <ScreenHeading title="Избранное" />
      <Favourites productHref={(card) => productPath(card.category.slug, card.id)} catalogHref={catalogPath()} />
    </>
  );
}

/** /cart: the cart and the checkout; an order paid by invoice or from the balance goes to /success-payment. */
export function CartPage() {
  return (
    <>
      <h1 className="ottisk-visually-hidden">Корзина</h1>
      <Cart
        catalogHref={catalogPath()}
        productHref={(line) => productPath(line.product.category.slug, line.product.id)}
        designerHref={(line) => designerPath(line.product.id, { orderProductId: line.id })}
        successHref={(order) => successPath(order.id)}
        signIn={<LoginButton adminUrl={ACCOUNT_BASE} />}
      />
    </>
  );
}

/** /success-payment?orderId=…: the order's number and what happens next; a polite page for anyone else. */
export function SuccessPage({ orderId }: { orderId: number | null }) {
  if (orderId === null) {
    return (
      <>
        <ScreenHeading title="Заказ не найден" lead="В адресе нет номера заказа. Откройте страницу по ссылке после оформления заказа." />
        <p>
          <a className="ottisk-button" href={catalogPath()}>
            Перейти в каталог
          </a>
        </p>
      </>
    );
  }
  return (
    <PlacedOrder
      orderId={orderId}
      renderHeading={(title, lead) => <ScreenHeading title={title} lead={lead} />}
      paymentTypeLabels={PAYMENT_TYPE_LABELS}
      catalogHref={catalogPath()}
      orderHref={(id) => clientOrderPath(id)}
      adminUrl={ACCOUNT_BASE}
    />
  );
}
