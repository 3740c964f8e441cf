/* Where a parcel is collected: a provider's pickup point (or bus station) and the shop's own counters. */

import { useId } from "react";
import type { CartDelivery, DeliveryMethod, PickupProvider } from "../../shared/contracts/index";
import { cityPickupPoints, selfPickupCounters, useKeyedResource, useResource } from "../../shared/state/index";

/**
 * The pickup point (or the shop's counter) a delivery goes to, as «name — address»: the cart keeps
 * only its code, so the point is looked up among the city's points of that provider. The code itself
 * when the provider no longer lists it; null for a door delivery and while loading.
 */
export function usePickupPointLabel(delivery: CartDelivery): string | null {
  const { cityKladrId, deliveryMethod, deliveryType, tariffCode, pickupPointCode } = delivery;
  const provider: PickupProvider | null = deliveryType === "Door" || deliveryMethod === "Courier" || deliveryMethod === "YandexDostavka" ? null : deliveryMethod;
  const points = useKeyedResource(cityPickupPoints, provider && pickupPointCode ? { cityKladrId, provider, tariffCode } : null).resource;
  if (!provider || !pickupPointCode) return null;
  if (points?.status === "ready") {
    const point = points.data.find((item) => item.code === pickupPointCode);
    return point ? `${point.name} — ${point.address}` : `Пункт ${pickupPointCode}`;
  }
  return points?.status === "error" ? `Пункт ${pickupPointCode}` : null;
}

/** A provider's pickup points in the city (for the tariff chosen), or the bus stations. */
export function PickupPointField({
  cityKladrId,
  method,
  tariffCode,
  pickupPointCode,
  onChange,
}: {
  cityKladrId: string;
  method: Exclude<DeliveryMethod, "SelfPickup">;
  tariffCode: string | null;
  pickupPointCode: string | null;
  onChange: (pickupPointCode: string | null) => void;
}) {
  const pickupPoints = useKeyedResource(cityPickupPoints, { cityKladrId, provider: method as PickupProvider, tariffCode }).resource;
  const id = useId();
  return (
    <div className="ottisk-cart__field">
      <label htmlFor={id}>{method === "BusStation" ? "Автовокзал" : "Пункт выдачи"}</label>
      {pickupPoints?.status === "error" ? (
        <p className="ottisk-cart__error" role="alert">
          {pickupPoints?.messageUI}
        </p>
      ) : null}
      <select id={id} required value={pickupPointCode ?? ""} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">
          {pickupPoints?.status === "ready" ? (pickupPoints.data.length > 0 ? "Выберите пункт" : "В этом городе пунктов нет") : "Загружаем пункты…"}
        </option>
        {pickupPoints?.status === "ready"
          ? pickupPoints.data.map((point) => (
              <option key={point.code} value={point.code}>
                {point.name} — {point.address}
                {point.workTime ? ` (${point.workTime})` : ""}
              </option>
            ))
          : null}
      </select>
    </div>
  );
}

/** The shop's own counters in the city (self-pickup), each with its address and hours. */
export function SelfPickupField({
  cityKladrId,
  pickupPointCode,
  onChange,
}: {
  cityKladrId: string;
  pickupPointCode: string | null;
  onChange: (pickupPointCode: string) => void;
}) {
  const selfPickup = useResource(selfPickupCounters).resource;
  const selfPickupPoints = selfPickup.status === "ready" ? selfPickup.data.items.filter((point) => point.cityKladrId === cityKladrId) : [];
  return (
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
                onChange={() => onChange(String(point.id))}
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
  );
}
