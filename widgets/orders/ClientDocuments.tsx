import type { MouseEvent, ReactNode } from "react";
import { DOCUMENT_LIST_DEFAULT_LIMIT } from "../../shared/contracts/order";
import { formatDateShort, formatRoubles } from "../../shared/domain/index";
import { useDocuments } from "../../shared/state/index";
import { LoadError } from "../../shared/ui/index";
import { AccountGate } from "./ClientOrders";
import { DOCUMENT_KIND_LABELS } from "./order-labels";
import { Pager } from "./Pager";

export interface ClientDocumentsProps {
  page: number;
  pageSize?: number | undefined;
  /** Where an order's page is (the document's order number links there). */
  orderHref: (orderId: number) => string;
  pageHref?: ((page: number) => string) | undefined;
  onPage?: ((page: number) => void) | undefined;
  /** A click on a PDF link (an element on a partner's page hands the session over). */
  onShopLink?: ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  signIn?: ReactNode;
}

/** The account's invoices and acts, newest order first, each a PDF to download. */
export function ClientDocuments(props: ClientDocumentsProps) {
  return (
    <section className="ottisk-root ottisk-orders" part="documents" aria-label="Документы">
      <AccountGate signIn={props.signIn}>{(account) => <DocumentTable {...props} companyId={account.companyId} accountName={account.accountName} />}</AccountGate>
    </section>
  );
}

function DocumentTable({ page, pageSize = DOCUMENT_LIST_DEFAULT_LIMIT, orderHref, pageHref, onPage, onShopLink, companyId, accountName }: ClientDocumentsProps & { companyId: number | null; accountName: string }) {
  const { documents, reload } = useDocuments({ companyId, page, pageSize });
  if (documents.status === "loading") {
    return (
      <p className="ottisk-message" role="status" aria-live="polite">
        Загружаем документы…
      </p>
    );
  }
  if (documents.status === "error") return <LoadError messageUI={documents.messageUI} onRetry={reload} part="error" />;
  const list = documents.data;
  if (list.items.length === 0) {
    return (
      <div className="ottisk-message" part="empty">
        <p>У аккаунта «{accountName}» пока нет документов. Счета появляются у заказов с оплатой по счёту, акты — когда заказ выполнен.</p>
      </div>
    );
  }
  return (
    <>
      <p className="ottisk-orders__lead" part="account">
        Документы аккаунта «{accountName}»
      </p>
      <div className="ottisk-orders__scroll">
        <table className="ottisk-orders__table" part="table">
          <caption className="ottisk-visually-hidden">Документы аккаунта «{accountName}», новые заказы сверху</caption>
          <thead>
            <tr>
              <th scope="col">Документ</th>
              <th scope="col">Дата</th>
              <th scope="col">Заказ</th>
              <th scope="col" className="ottisk-orders__number">
                Сумма
              </th>
              <th scope="col">
                <span className="ottisk-visually-hidden">Файл</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((document) => {
              const name = `${DOCUMENT_KIND_LABELS[document.kind]} № ${document.number}`;
              return (
                <tr key={`${document.kind}-${document.orderId}`} part={`document document-${document.kind}`}>
                  <th scope="row">{name}</th>
                  <td>{formatDateShort(document.date)}</td>
                  <td>
                    <a href={orderHref(document.orderId)}>№ {document.orderNumber}</a>
                  </td>
                  <td className="ottisk-orders__number">{formatRoubles(document.total)}</td>
                  <td>
                    {document.kind === "receipt" ? (
                      // The receipt is a page of the shop (HTML), opened rather than downloaded.
                      <a className="ottisk-button ottisk-button--quiet" href={document.url} target="_blank" rel="noopener" aria-label={`Открыть чек: ${name}`}>
                        Открыть чек
                      </a>
                    ) : (
                      <a className="ottisk-button ottisk-button--quiet" href={document.url} download aria-label={`Скачать PDF: ${name}`} onClick={onShopLink}>
                        Скачать PDF
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager pageCount={Math.ceil(list.total / list.limit)} page={page} label="Страницы документов" pageHref={pageHref} onPage={onPage} />
    </>
  );
}
