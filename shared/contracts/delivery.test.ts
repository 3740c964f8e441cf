import { describe, expect, it } from "vitest";
import { DELIVERY_METHOD_TYPES, deliveryMethodValues, deliveryRequestSchema, deliveryUpdateRequestSchema } from "./delivery";

function messages(input: unknown, schema: typeof deliveryRequestSchema | typeof deliveryUpdateRequestSchema = deliveryRequestSchema): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const door = { deliveryType: "Door", cityKladrId: "2300000100000", deliveryMethod: "Courier", address: "ул. Красная, 1, кв. 5" };

describe("the delivery contracts", () => {
  it("has the nine methods of spec §3, each with its delivery types", () => {
    expect(deliveryMethodValues).toEqual(["BusStation", "Cdek", "CdekExpress", "Boxberry", "Dpd", "DpdExpress", "YandexDostavka", "Courier", "SelfPickup"]);
    for (const method of deliveryMethodValues) expect(DELIVERY_METHOD_TYPES[method].length).toBeGreaterThan(0);
  });

  it("normalises a door delivery: optional fields become null", () => {
    expect(deliveryRequestSchema.parse(door)).toEqual({ ...door, recipientId: null, tariffCode: null, pickupPointCode: null });
    expect(deliveryRequestSchema.parse({ ...door, recipientId: 7, tariffCode: " krd-center ", pickupPointCode: "" })).toMatchObject({
      recipientId: 7,
      tariffCode: "krd-center",
      pickupPointCode: null,
    });
  });

  it("needs an address for the door and a point for a pickup", () => {
    expect(messages({ ...door, address: "" })).toEqual(["Укажите адрес доставки: улицу, дом и квартиру или офис"]);
    expect(messages({ deliveryType: "PickupPoint", cityKladrId: "7700000000000", deliveryMethod: "Cdek" })).toEqual(["Выберите пункт выдачи заказа"]);
    expect(messages({ deliveryType: "SelfPickup", cityKladrId: "7700000000000", deliveryMethod: "SelfPickup" })).toEqual(["Выберите пункт самовывоза"]);
    expect(messages({ deliveryType: "PickupPoint", cityKladrId: "2300000700000", deliveryMethod: "BusStation" })).toEqual(["Выберите автовокзал, куда отправить заказ"]);
    expect(deliveryRequestSchema.parse({ deliveryType: "PickupPoint", cityKladrId: "7700000000000", deliveryMethod: "Cdek", pickupPointCode: "MSK12" }).address).toBe("");
  });

  it("refuses a type the method does not offer and malformed fields, in Russian", () => {
    expect(messages({ ...door, deliveryType: "PickupPoint" })).toEqual([
      "Курьер типографии не доставляет в пункт выдачи: выберите до двери",
    ]);
    expect(messages({ ...door, deliveryMethod: "Pochta" })[0]).toMatch(/^Способ доставки — один из/);
    expect(messages({ ...door, deliveryType: "Drone" })[0]).toMatch(/^Тип доставки — Door/);
    expect(messages({ ...door, cityKladrId: "23" })).toEqual(["Код КЛАДР города доставки — это 13 или 17 цифр"]);
    expect(messages({ ...door, recipientId: -1 })).toEqual(["Получатель указан неверно"]);
    expect(messages({ ...door, address: "д".repeat(501) })).toEqual(["Адрес доставки — не длиннее 500 символов"]);
    expect(messages({ ...door, tariffCode: 136 })).toEqual(["Код тарифа укажите текстом"]);
  });

  it("updates a delivery by its id", () => {
    expect(deliveryUpdateRequestSchema.parse({ ...door, id: 3 }).id).toBe(3);
    expect(messages(door, deliveryUpdateRequestSchema)).toEqual(["Укажите, какую доставку изменить"]);
    expect(messages({ ...door, id: 3, address: "" }, deliveryUpdateRequestSchema)).toEqual(["Укажите адрес доставки: улицу, дом и квартиру или офис"]);
  });
});
