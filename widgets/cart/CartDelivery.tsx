import { useAtomValue, useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import { DELIVERY_METHOD_LABELS, DELIVERY_METHOD_TYPES, DELIVERY_TYPE_LABELS, deliveryMethodValues } from "../../shared/contracts/delivery";
import type { Cart, CartDelivery, DeliveryMethod, DeliveryOption, DeliveryType, PickupProvider } from "../../shared/contracts/index";
import { DELIVERY_RATE_TABLE } from "../../shared/domain/delivery-rates";
import { CITY_SEARCH_DEBOUNCE_MS, DEFAULT_CITY_KLADR_ID, formatRoubles, PRESET_CITIES } from "../../shared/domain/index";
import { cartStateAtom, runDeliveryChangeAtom } from "../../shared/state/index";
import { RecipientField } from "./CartRecipient";
import { useDebounced, useQuery } from "./use-query";

const dateFormat = new Intl.DateTimeFormat("ru-RU", { day: "2-digit", month: "long", year: "numeric", timeZone: "UTC" });

/** `2026-05-12` → «12 мая 2026» (spec §9: dd MMMM YYYY). */
export function formatDay(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`)).replace(/\s*г\.$/, "");
}

const KRASNODAR = PRESET_CITIES.find((city) => city.kladrId === DEFAULT_CITY_KLADR_ID)?.city ?? "Краснодар";

/** The city's name: a preset one at once, another asked for; an unknown one shows Krasnodar (spec §8). */
function useCityName(kladrId: string): string | null {
  const preset = PRESET_CITIES.find((city) => city.kladrId === kladrId);
  const looked = useQuery(preset ? null : `city:${kladrId}`, (api) => api.getCityByKladrId(kladrId));
  if (preset) return preset.city;
  if (looked.status === "ready") return "city" in looked.data ? looked.data.city : KRASNODAR;
  if (looked.status === "error") return KRASNODAR;
  return null;
}

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
  const { deliveryLoading, deliveryError } = useAtomValue(cartStateAtom);
  const runDeliveryChange = useSetAtom(runDeliveryChangeAtom);
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
              onRemove={() => void runDeliveryChange((api) => api.removeCartDelivery(delivery.id))}
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

/**
 * The pickup point (or the shop's counter) a delivery goes to, as «name — address»: the cart keeps
 * only its code, so the point is looked up among the city's points of that provider. The code itself
 * when the provider no longer lists it; null for a door delivery and while loading.
 */
function usePickupPointLabel(delivery: CartDelivery): string | null {
  const { cityKladrId, deliveryMethod, deliveryType, tariffCode, pickupPointCode } = delivery;
  const provider: PickupProvider | null = deliveryType === "Door" || deliveryMethod === "Courier" || deliveryMethod === "YandexDostavka" ? null : deliveryMethod;
  const points = useQuery(provider && pickupPointCode ? `pvz:${cityKladrId}:${provider}:${tariffCode ?? ""}` : null, (api) =>
    api.getPickupPoints(cityKladrId, { deliveryProvider: provider ?? "SelfPickup", ...(tariffCode && provider !== "SelfPickup" ? { tariffCode } : {}) }),
  );
  if (!provider || !pickupPointCode) return null;
  if (points.status === "ready") {
    const point = points.data.find((item) => item.code === pickupPointCode);
    return point ? `${point.name} — ${point.address}` : `Пункт ${pickupPointCode}`;
  }
  return points.status === "error" ? `Пункт ${pickupPointCode}` : null;
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
          {delivery.deliveryDate ? `, ${delivery.deliveryType === "SelfPickup" ? "забрать можно с" : "доставим к"} ${formatDay(delivery.deliveryDate)}` : ""}
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

/** The tariffs of a provider method that suit the delivery type (door tariffs for Door). */
function tariffsFor(method: DeliveryMethod, type: DeliveryType): readonly { code: string; name: string; surcharge: number }[] {
  if (method === "Courier" || method === "SelfPickup") return [];
  return DELIVERY_RATE_TABLE[method].tariffs.filter((tariff) => tariff.door === (type === "Door"));
}

interface DeliveryFormProps {
  cart: Cart;
  initial: CartDelivery | null;
  signedIn: boolean;
  companyId: number | null;
  defaultCityKladrId: string;
  onClose: () => void;
}

function DeliveryForm({ cart, initial, signedIn, companyId, defaultCityKladrId, onClose }: DeliveryFormProps) {
  const { deliveryLoading, deliveryError } = useAtomValue(cartStateAtom);
  const runDeliveryChange = useSetAtom(runDeliveryChangeAtom);
  const [cityKladrId, setCityKladrId] = useState(initial?.cityKladrId ?? defaultCityKladrId);
  const [method, setMethod] = useState<DeliveryMethod | null>(initial?.deliveryMethod ?? null);
  const [type, setType] = useState<DeliveryType | null>(initial?.deliveryType ?? null);
  const [tariffCode, setTariffCode] = useState<string | null>(initial?.tariffCode ?? null);
  const [address, setAddress] = useState(initial?.address ?? "");
  const [pickupPointCode, setPickupPointCode] = useState<string | null>(initial?.pickupPointCode ?? null);
  const [recipientId, setRecipientId] = useState<number | null>(initial?.recipientId ?? null);
  const [submitted, setSubmitted] = useState(false);
  const ids = { method: useId(), tariff: useId(), address: useId(), addressList: useId(), pickup: useId() };

  const inOrder = cart.orderProduct.filter((line) => line.inOrder);
  const isUrgent = inOrder.length > 0 && inOrder.every((line) => line.isUrgent);
  const { weightGrams, productionTimeDay } = cart.totals;
  const options = useQuery(`options:${cityKladrId}:${weightGrams}:${productionTimeDay}:${isUrgent}`, (api) =>
    api.getDeliveryOptions(cityKladrId, { isUrgent, productionTimeDay, ...(weightGrams > 0 ? { weightGrams } : {}) }),
  );
  const optionOf = (candidate: DeliveryMethod): DeliveryOption | undefined =>
    options.status === "ready" ? options.data.options.find((option) => option.deliveryMethod === candidate) : undefined;
  const chosen = method ? optionOf(method) : undefined;
  const types = method ? DELIVERY_METHOD_TYPES[method].filter((item) => !chosen || chosen.deliveryTypes.includes(item)) : [];
  const tariffs = method && type ? tariffsFor(method, type) : [];

  const districts = useQuery(method === "Courier" ? `districts:${cityKladrId}:${isUrgent}` : null, (api) => api.getDistricts({ cityKladrId, isUrgent }));
  const pickupPoints = useQuery(
    method && method !== "SelfPickup" && type === "PickupPoint" ? `pvz:${cityKladrId}:${method}:${tariffCode ?? ""}` : null,
    (api) => api.getPickupPoints(cityKladrId, { deliveryProvider: method as PickupProvider, ...(tariffCode ? { tariffCode } : {}) }),
  );
  const selfPickup = useQuery(method === "SelfPickup" ? "self-pickup" : null, (api) => api.getSelfPickupPoints());
  const debouncedAddress = useDebounced(address.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const suggestions = useQuery(type === "Door" && debouncedAddress.length >= 3 ? `address:${debouncedAddress}` : null, (api) =>
    api.suggestAddresses(debouncedAddress),
  );

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

  const selfPickupPoints = selfPickup.status === "ready" ? selfPickup.data.items.filter((point) => point.cityKladrId === cityKladrId) : [];

  return (
    <form
      className="ottisk-cart__delivery-form"
      part="delivery-form"
      aria-label={initial ? "Изменение доставки" : "Новая доставка"}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <CityField kladrId={cityKladrId} onChange={chooseCity} />

      <fieldset className="ottisk-cart__fieldset">
        <legend id={ids.method}>Способ доставки</legend>
        {options.status === "error" ? (
          <p className="ottisk-cart__error" role="alert">
            {options.messageUI}{" "}
            <button type="button" className="ottisk-cart__link-button" onClick={options.reload}>
              Повторить
            </button>
          </p>
        ) : null}
        <ul className="ottisk-cart__choices">
          {deliveryMethodValues.map((candidate) => {
            const option = optionOf(candidate);
            const unavailable = options.status === "ready" && !option;
            return (
              <li key={candidate}>
                <label className={unavailable ? "ottisk-cart__choice ottisk-cart__choice--disabled" : "ottisk-cart__choice"}>
                  <input
                    type="radio"
                    name="deliveryMethod"
                    value={candidate}
                    checked={method === candidate}
                    disabled={options.status !== "ready" || unavailable}
                    required
                    onChange={() => chooseMethod(candidate)}
                  />
                  <span className="ottisk-cart__choice-name">{DELIVERY_METHOD_LABELS[candidate]}</span>
                  <span className="ottisk-cart__choice-terms">
                    {option
                      ? `${formatRoubles(option.price)}, ${candidate === "SelfPickup" ? "забрать с" : "к"} ${formatDay(option.deliveryDate)}`
                      : options.status === "ready"
                        ? "недоступно в этом городе"
                        : "считаем…"}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>

      {method && types.length > 1 ? (
        <fieldset className="ottisk-cart__fieldset">
          <legend>Куда доставить</legend>
          <div className="ottisk-cart__inline-row">
            {types.map((candidate) => (
              <label key={candidate} className="ottisk-cart__choice">
                <input type="radio" name="deliveryType" value={candidate} checked={type === candidate} onChange={() => chooseType(candidate)} />
                <span>{candidate === "Door" ? "До двери" : "В пункт выдачи"}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {method && tariffs.length > 1 ? (
        <div className="ottisk-cart__field">
          <label htmlFor={ids.tariff}>Тариф</label>
          <select id={ids.tariff} value={tariffCode ?? ""} onChange={(event) => setTariffCode(event.target.value)}>
            {tariffs.map((tariff) => (
              <option key={tariff.code} value={tariff.code}>
                {tariff.name}
                {tariff.surcharge > 0 ? ` (+${formatRoubles(tariff.surcharge)})` : ""}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {method === "Courier" ? (
        <div className="ottisk-cart__field">
          <label htmlFor={ids.tariff}>Район доставки</label>
          <select id={ids.tariff} value={tariffCode ?? ""} onChange={(event) => setTariffCode(event.target.value === "" ? null : event.target.value)}>
            <option value="">Не знаю — по городскому тарифу</option>
            {districts.status === "ready"
              ? districts.data.map((district) => (
                  <option key={district.code} value={district.code}>
                    {district.name} — {formatRoubles(district.price)}
                  </option>
                ))
              : null}
          </select>
        </div>
      ) : null}

      {type === "Door" ? (
        <div className="ottisk-cart__field">
          <label htmlFor={ids.address}>Адрес: улица, дом, квартира или офис</label>
          <input
            id={ids.address}
            name="street-address"
            autoComplete="street-address"
            list={ids.addressList}
            required
            value={address}
            onChange={(event) => setAddress(event.target.value)}
          />
          <datalist id={ids.addressList}>
            {suggestions.status === "ready" ? suggestions.data.map((suggestion) => <option key={suggestion.value} value={suggestion.value} />) : null}
          </datalist>
        </div>
      ) : null}

      {method && method !== "SelfPickup" && type === "PickupPoint" ? (
        <div className="ottisk-cart__field">
          <label htmlFor={ids.pickup}>{method === "BusStation" ? "Автовокзал" : "Пункт выдачи"}</label>
          {pickupPoints.status === "error" ? (
            <p className="ottisk-cart__error" role="alert">
              {pickupPoints.messageUI}
            </p>
          ) : null}
          <select id={ids.pickup} required value={pickupPointCode ?? ""} onChange={(event) => setPickupPointCode(event.target.value || null)}>
            <option value="">
              {pickupPoints.status === "ready" ? (pickupPoints.data.length > 0 ? "Выберите пункт" : "В этом городе пунктов нет") : "Загружаем пункты…"}
            </option>
            {pickupPoints.status === "ready"
              ? pickupPoints.data.map((point) => (
                  <option key={point.code} value={point.code}>
                    {point.name} — {point.address}
                    {point.workTime ? ` (${point.workTime})` : ""}
                  </option>
                ))
              : null}
          </select>
        </div>
      ) : null}

      {method === "SelfPickup" ? (
        <fieldset className="ottisk-cart__fieldset">
          <legend>Пункт самовывоза</legend>
          {selfPickup.status === "error" ? (
            <p className="ottisk-cart__error" role="alert">
              {selfPickup.messageUI}
            </p>
          ) : selfPickup.status === "ready" && selfPickupPoints.length === 0 ? (
            <p className="ottisk-cart__muted">В этом городе нет пунктов самовывоза.</p>
          ) : null}
          <ul className="ottisk-cart__choices">
            {selfPickupPoints.map((point) => (
              <li key={point.id}>
                <label className="ottisk-cart__choice">
                  <input
                    type="radio"
                    name="selfPickupPoint"
                    value={String(point.id)}
                    required
                    checked={pickupPointCode === String(point.id)}
                    onChange={() => setPickupPointCode(String(point.id))}
                  />
                  <span className="ottisk-cart__choice-name">{point.name}</span>
                  <span className="ottisk-cart__choice-terms">
                    {point.address}
                    {point.operatingMode ? `, ${point.operatingMode}` : ""}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

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

/** The delivery city: the current one and a search (spec §5: debounced 400 ms, an empty query clears the results). */
function CityField({ kladrId, onChange }: { kladrId: string; onChange: (kladrId: string) => void }) {
  const name = useCityName(kladrId);
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const cities = useQuery(search.trim() && query ? `cities:${query}` : null, (api) => api.getCities(query));
  const inputId = useId();
  const listId = useId();
  return (
    <fieldset className="ottisk-cart__fieldset">
      <legend>Город доставки</legend>
      <p className="ottisk-cart__city" data-testid="delivery-city">
        {name ?? "…"}
      </p>
      <label htmlFor={inputId}>Другой город</label>
      <input
        id={inputId}
        type="search"
        name="city-search"
        autoComplete="off"
        placeholder="Начните вводить название"
        aria-controls={listId}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul id={listId} className="ottisk-cart__city-list" aria-label="Найденные города">
        {search.trim() && cities.status === "ready"
          ? cities.data.map((city) => (
              <li key={city.kladrId}>
                <button
                  type="button"
                  className="ottisk-cart__city-option"
                  onClick={() => {
                    onChange(city.kladrId);
                    setSearch("");
                  }}
                >
                  {city.city}
                  <span className="ottisk-cart__muted">, {city.region}</span>
                </button>
              </li>
            ))
          : null}
        {search.trim() && cities.status === "ready" && cities.data.length === 0 ? <li className="ottisk-cart__muted">Такого города не нашли</li> : null}
      </ul>
    </fieldset>
  );
}
