/*
 * The cart's deliveries: the list, and the form that adds or changes one. The form holds the choice
 * and composes its parts along the shop's words: the city (CartDeliveryCity), the method, door or
 * point, tariff and district (CartDeliveryMethods), the address at the door (CartDeliveryAddress),
 * the pickup points and the shop's counters (CartDeliveryPickup).
 */

import { useAtomValue, useSetAtom } from "jotai/react";
import { useState } from "react";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHOD_TYPES, DELIVERY_TYPE_LABELS } from "../../shared/contracts/delivery";
import type { Cart, CartDelivery, DeliveryMethod, DeliveryOption, DeliveryType } from "../../shared/contracts/index";
import { formatDateLong, formatRoubles } from "../../shared/domain/index";
import { deliveryChangeAtom, deliveryOptions, runDeliveryChangeAtom, useKeyedResource, useReportBug } from "../../shared/state/index";
import { DoorAddressField } from "./CartDeliveryAddress";
import { CityField, useCityName } from "./CartDeliveryCity";
import { DeliveryTypeField, DistrictField, MethodField, tariffsFor, TariffField } from "./CartDeliveryMethods";
import { PickupPointField, SelfPickupField, usePickupPointLabel } from "./CartDeliveryPickup";
import { RecipientField } from "./CartRecipient";

export interface CartDeliveriesProps {
  cart: Cart;
  /** Recipients are the account's: only a signed-in client picks them. */
  signedIn: boolean;
  companyId: number | null;
  /** The account's city, the form's first choice. */
  defaultCityKladrId: string;
}

/** The cart's deliveries (spec §3, §4): listed, added (POST), changed (PUT), removed (DELETE). */
export function CartDeliveries({ cart, signedIn, companyId, defaultCityKladrId }: CartDeliveriesProps) {
  const { busy: deliveryLoading, error: deliveryError } = useAtomValue(deliveryChangeAtom);
  const runDeliveryChange = useSetAtom(runDeliveryChangeAtom);
  const reportBug = useReportBug();
  /** The delivery being edited, "new" for a new one, null when the form is closed. */
  const [editing, setEditing] = useState<CartDelivery | "new" | null>(null);

  return (
    <section className="ottisk-cart__section" part="deliveries" aria-labelledby="ottisk-cart-delivery-title" aria-busy={deliveryLoading}>
      <h3 id="ottisk-cart-delivery-title" className="ottisk-cart__heading">
        Доставка
      </h3>
      {deliveryLoading ? (
        <p className="ottisk-cart__muted" role="status">
          Пересчитываем доставку…
        </p>
      ) : null}
      {deliveryError && editing === null ? (
        <p className="ottisk-cart__error" role="alert" data-testid="delivery-error">
          {deliveryError}
        </p>
      ) : null}
      {cart.deliveries.length > 0 ? (
        <ul className="ottisk-cart__deliveries">
          {cart.deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              busy={deliveryLoading}
              onEdit={() => setEditing(delivery)}
              onRemove={() => void runDeliveryChange((api) => api.removeCartDelivery(delivery.id)).catch(reportBug)}
            />
          ))}
        </ul>
      ) : editing === null ? (
        <p className="ottisk-cart__muted">Доставка не выбрана.</p>
      ) : null}
      {editing === null ? (
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing("new")}>
          {cart.deliveries.length > 0 ? "Добавить ещё доставку" : "Выбрать доставку"}
        </button>
      ) : (
        <DeliveryForm
          key={editing === "new" ? "new" : editing.id}
          cart={cart}
          initial={editing === "new" ? null : editing}
          signedIn={signedIn}
          companyId={companyId}
          defaultCityKladrId={defaultCityKladrId}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
function DeliveryItem({ delivery, busy, onEdit, onRemove }: { delivery: CartDelivery; busy: boolean; onEdit: () => void; onRemove: () => void }) {
  const cityName = useCityName(delivery.cityKladrId);
  const pointLabel = usePickupPointLabel(delivery);
  const label = DELIVERY_METHOD_LABELS[delivery.deliveryMethod];
  return (
    <li className={delivery.upToDate ? "ottisk-cart-delivery" : "ottisk-cart-delivery ottisk-cart-delivery--outdated"} part="delivery" data-method={delivery.deliveryMethod}>
      <div className="ottisk-cart-delivery__main">
        <strong>{label}</strong> {DELIVERY_TYPE_LABELS[delivery.deliveryType]}
        {cityName ? `, ${cityName}` : ""}
        {pointLabel ? (
          <span className="ottisk-cart-delivery__address" data-testid="delivery-point">
            {pointLabel}
          </span>
        ) : delivery.address ? (
          <span className="ottisk-cart-delivery__address">{delivery.address}</span>
        ) : null}
        <span className="ottisk-cart-delivery__terms">
          {formatRoubles(delivery.price)}
          {delivery.deliveryDate ? `, ${delivery.deliveryType === "SelfPickup" ? "забрать можно с" : "доставим к"} ${formatDateLong(delivery.deliveryDate)}` : ""}
        </span>
        {!delivery.upToDate ? (
          <span className="ottisk-cart__warning" role="status">
            Состав заказа изменился, а цену этой доставки пересчитать не удалось: выберите её заново.
          </span>
        ) : null}
      </div>
      <div className="ottisk-cart-delivery__actions">
        <button type="button" className="ottisk-cart__link-button" disabled={busy} onClick={onEdit} aria-label={`Изменить доставку «${label}»`}>
          Изменить
        </button>
        <button type="button" className="ottisk-cart__link-button" disabled={busy} onClick={onRemove} aria-label={`Удалить доставку «${label}»`}>
          Удалить
        </button>
      </div>
    </li>
  );
}

/** The form that adds a delivery or changes one: the choice lives here, its parts only show it. */
interface DeliveryFormProps {
  cart: Cart;
  initial: CartDelivery | null;
  signedIn: boolean;
  companyId: number | null;
  defaultCityKladrId: string;
  onClose: () => void;
}

function DeliveryForm({ cart, initial, signedIn, companyId, defaultCityKladrId, onClose }: DeliveryFormProps) {
  const { busy: deliveryLoading, error: deliveryError } = useAtomValue(deliveryChangeAtom);
  const runDeliveryChange = useSetAtom(runDeliveryChangeAtom);
  const reportBug = useReportBug();
  const [cityKladrId, setCityKladrId] = useState(initial?.cityKladrId ?? defaultCityKladrId);
  const [method, setMethod] = useState<DeliveryMethod | null>(initial?.deliveryMethod ?? null);
  const [type, setType] = useState<DeliveryType | null>(initial?.deliveryType ?? null);
  const [tariffCode, setTariffCode] = useState<string | null>(initial?.tariffCode ?? null);
  const [address, setAddress] = useState(initial?.address ?? "");
  const [pickupPointCode, setPickupPointCode] = useState<string | null>(initial?.pickupPointCode ?? null);
  const [recipientId, setRecipientId] = useState<number | null>(initial?.recipientId ?? null);
  const [submitted, setSubmitted] = useState(false);

  const inOrder = cart.orderProduct.filter((line) => line.inOrder);
  const isUrgent = inOrder.length > 0 && inOrder.every((line) => line.isUrgent);
  const { weightGrams, productionTimeDay } = cart.totals;
  const options = useKeyedResource(deliveryOptions, { cityKladrId, isUrgent, productionTimeDay, weightGrams });
  const optionOf = (candidate: DeliveryMethod): DeliveryOption | undefined =>
    options.resource?.status === "ready" ? options.resource.data.options.find((option) => option.deliveryMethod === candidate) : undefined;
  const chosen = method ? optionOf(method) : undefined;
  const types = method ? DELIVERY_METHOD_TYPES[method].filter((item) => !chosen || chosen.deliveryTypes.includes(item)) : [];
  const tariffs = method && type ? tariffsFor(method, type) : [];

  const chooseMethod = (next: DeliveryMethod) => {
    const nextTypes = DELIVERY_METHOD_TYPES[next].filter((item) => optionOf(next)?.deliveryTypes.includes(item) ?? true);
    const nextType = nextTypes[0] ?? DELIVERY_METHOD_TYPES[next][0] ?? "Door";
    setMethod(next);
    setType(nextType);
    setTariffCode(tariffsFor(next, nextType)[0]?.code ?? null);
    setPickupPointCode(null);
  };
  const chooseType = (next: DeliveryType) => {
    setType(next);
    setTariffCode(method ? (tariffsFor(method, next)[0]?.code ?? null) : null);
    setPickupPointCode(null);
  };
  const chooseCity = (kladrId: string) => {
    setCityKladrId(kladrId);
    setPickupPointCode(null);
    if (method === "Courier") setTariffCode(null);
  };

  const submit = async () => {
    if (!method || !type) return;
    const request = {
      deliveryType: type,
      cityKladrId,
      deliveryMethod: method,
      address: type === "Door" ? address.trim() : "",
      recipientId,
      tariffCode,
      pickupPointCode: type === "Door" ? null : pickupPointCode,
    };
    setSubmitted(true);
    const answer = await runDeliveryChange((api, target) =>
      initial ? api.updateCartDelivery({ id: initial.id, ...request }) : api.addCartDelivery({ ...target, ...request }),
    );
    if (answer) onClose();
  };

  return (
    <form
      className="ottisk-cart__delivery-form"
      part="delivery-form"
      aria-label={initial ? "Изменение доставки" : "Новая доставка"}
      onSubmit={(event) => {
        event.preventDefault();
        submit().catch(reportBug);
      }}
    >
      <CityField kladrId={cityKladrId} onChange={chooseCity} />
      <MethodField options={options} optionOf={optionOf} method={method} onChoose={chooseMethod} />
      {method && types.length > 1 ? <DeliveryTypeField types={types} type={type} onChoose={chooseType} /> : null}
      {method && tariffs.length > 1 ? <TariffField tariffs={tariffs} tariffCode={tariffCode} onChange={setTariffCode} /> : null}
      {method === "Courier" ? <DistrictField cityKladrId={cityKladrId} isUrgent={isUrgent} tariffCode={tariffCode} onChange={setTariffCode} /> : null}
      {type === "Door" ? <DoorAddressField address={address} onChange={setAddress} /> : null}
      {method && method !== "SelfPickup" && type === "PickupPoint" ? (
        <PickupPointField cityKladrId={cityKladrId} method={method} tariffCode={tariffCode} pickupPointCode={pickupPointCode} onChange={setPickupPointCode} />
      ) : null}
      {method === "SelfPickup" ? <SelfPickupField cityKladrId={cityKladrId} pickupPointCode={pickupPointCode} onChange={setPickupPointCode} /> : null}

      {signedIn ? (
        <RecipientField companyId={companyId} value={recipientId} onChange={setRecipientId} />
      ) : (
        <p className="ottisk-cart__muted">Получателя можно выбрать после входа.</p>
      )}

      {submitted && deliveryError ? (
        <p className="ottisk-cart__error" role="alert" data-testid="delivery-error">
          {deliveryError}
        </p>
      ) : null}
      <div className="ottisk-cart__inline-row">
        <button type="submit" className="ottisk-button" disabled={deliveryLoading || !method}>
          {deliveryLoading ? "Сохраняем…" : initial ? "Сохранить доставку" : "Добавить доставку"}
        </button>
        <button type="button" className="ottisk-cart__link-button" onClick={onClose}>
          Отмена
        </button>
      </div>
    </form>
  );
}
