/* How a delivery goes: the method (with its price and day), to the door or to a point, the provider's tariff, the courier's district. */

import { useId } from "react";
import { DELIVERY_METHOD_LABELS, deliveryMethodValues } from "../../shared/contracts/delivery";
import type { DeliveryMethod, DeliveryOption, DeliveryOptions, DeliveryType } from "../../shared/contracts/index";
import { DELIVERY_RATE_TABLE } from "../../shared/domain/delivery-rates";
import { formatDateLong, formatRoubles } from "../../shared/domain/index";
import { courierDistricts, useKeyedResource } from "../../shared/state/index";
import type { Resource } from "../../shared/state/index";

/** The tariffs of a provider method that suit the delivery type (door tariffs for Door). */
export function tariffsFor(method: DeliveryMethod, type: DeliveryType): readonly { code: string; name: string; surcharge: number }[] {
  if (method === "Courier" || method === "SelfPickup") return [];
  return DELIVERY_RATE_TABLE[method].tariffs.filter((tariff) => tariff.door === (type === "Door"));
}

/** Every delivery method with its price and day in the city, or why it cannot be chosen. */
export function MethodField({
  options,
  optionOf,
  method,
  onChoose,
}: {
  options: { resource: Resource<DeliveryOptions> | null; reload: () => void };
  optionOf: (candidate: DeliveryMethod) => DeliveryOption | undefined;
  method: DeliveryMethod | null;
  onChoose: (method: DeliveryMethod) => void;
}) {
  const legendId = useId();
  return (
    <fieldset className="ottisk-cart__fieldset">
      <legend id={legendId}>Способ доставки</legend>
      {options.resource?.status === "error" ? (
        <p className="ottisk-cart__error" role="alert">
          {options.resource.messageUI}{" "}
          <button type="button" className="ottisk-cart__link-button" onClick={options.reload}>
            Повторить
          </button>
        </p>
      ) : null}
      <ul className="ottisk-cart__choices">
        {deliveryMethodValues.map((candidate) => {
          const option = optionOf(candidate);
          const unavailable = options.resource?.status === "ready" && !option;
          return (
            <li key={candidate}>
              <label className={unavailable ? "ottisk-cart__choice ottisk-cart__choice--disabled" : "ottisk-cart__choice"}>
                <input
                  type="radio"
                  name="deliveryMethod"
                  value={candidate}
                  checked={method === candidate}
                  disabled={options.resource?.status !== "ready" || unavailable}
                  required
                  onChange={() => onChoose(candidate)}
                />
                <span className="ottisk-cart__choice-name">{DELIVERY_METHOD_LABELS[candidate]}</span>
                <span className="ottisk-cart__choice-terms">
                  {option
                    ? `${formatRoubles(option.price)}, ${candidate === "SelfPickup" ? "забрать с" : "к"} ${formatDateLong(option.deliveryDate)}`
                    : options.resource?.status === "ready"
                      ? "недоступно в этом городе"
                      : "считаем…"}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** To the door or to a pickup point, when the method offers both. */
export function DeliveryTypeField({ types, type, onChoose }: { types: readonly DeliveryType[]; type: DeliveryType | null; onChoose: (type: DeliveryType) => void }) {
  return (
    <fieldset className="ottisk-cart__fieldset">
      <legend>Куда доставить</legend>
      <div className="ottisk-cart__inline-row">
        {types.map((candidate) => (
          <label key={candidate} className="ottisk-cart__choice">
            <input type="radio" name="deliveryType" value={candidate} checked={type === candidate} onChange={() => onChoose(candidate)} />
            <span>{candidate === "Door" ? "До двери" : "В пункт выдачи"}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A provider's tariff, with its surcharge. */
export function TariffField({
  tariffs,
  tariffCode,
  onChange,
}: {
  tariffs: readonly { code: string; name: string; surcharge: number }[];
  tariffCode: string | null;
  onChange: (tariffCode: string) => void;
}) {
  const id = useId();
  return (
    <div className="ottisk-cart__field">
      <label htmlFor={id}>Тариф</label>
      <select id={id} value={tariffCode ?? ""} onChange={(event) => onChange(event.target.value)}>
        {tariffs.map((tariff) => (
          <option key={tariff.code} value={tariff.code}>
            {tariff.name}
            {tariff.surcharge > 0 ? ` (+${formatRoubles(tariff.surcharge)})` : ""}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The shop's courier: the city's district and its price; none chosen means the city's rate. */
export function DistrictField({
  cityKladrId,
  isUrgent,
  tariffCode,
  onChange,
}: {
  cityKladrId: string;
  isUrgent: boolean;
  tariffCode: string | null;
  onChange: (tariffCode: string | null) => void;
}) {
  const districts = useKeyedResource(courierDistricts, { cityKladrId, isUrgent }).resource;
  const id = useId();
  return (
    <div className="ottisk-cart__field">
      <label htmlFor={id}>Район доставки</label>
      <select id={id} value={tariffCode ?? ""} onChange={(event) => onChange(event.target.value === "" ? null : event.target.value)}>
        <option value="">Не знаю — по городскому тарифу</option>
        {districts?.status === "ready"
          ? districts.data.map((district) => (
              <option key={district.code} value={district.code}>
                {district.name} — {formatRoubles(district.price)}
              </option>
            ))
          : null}
      </select>
    </div>
  );
}
