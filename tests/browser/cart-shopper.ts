/*
 * What the cart tests share (not a test file): the demo client signed in on the page, its carts
 * emptied and given a self-pickup delivery through the API, and the cart's lines and buttons as
 * <ottisk-cart> shows them.
 */
import type { Cart } from "../../shared/contracts/index";
import { DEFAULT_CITY_KLADR_ID } from "../../shared/domain/index";
import type { Api } from "../../shared/http/index";
import { STORAGE_KEYS, writeText } from "../../shared/state/index";
import { apiBase, shadow, testApi, waitFor } from "./support";

/** The demo client (server/seed/data/demo-accounts.json) and its company. */
export const DEMO_CLIENT = { email: "client@example.com", password: "client12345" };
export const ROMASHKA = "ООО «Ромашка»";

/** A client of the test API whose session the next element on the page shares. */
export function sharedSession(): { api: Api; share: () => void } {
  const token: { value: string | null } = { value: null };
  const api = testApi(token);
  return {
    api,
    share: () => {
      if (!token.value) throw new Error("The API opened no session");
      writeText(STORAGE_KEYS.session(apiBase), token.value);
    },
  };
}

export interface SignedInClient {
  api: Api;
  /** The id of ООО «Ромашка». */
  romashka: number;
  /** The company the client had selected before the test (null: the personal profile). */
  selectedBefore: number | null;
}

/** The demo client, signed in on the page too. */
export async function signedInClient(): Promise<SignedInClient> {
  const session = sharedSession();
  const grant = await session.api.login(DEMO_CLIENT);
  session.share();
  const romashka = grant.profile.companies.find((company) => company.name === ROMASHKA);
  if (!romashka) throw new Error(`The demo client has no ${ROMASHKA}`);
  return { api: session.api, romashka: romashka.id, selectedBefore: grant.profile.selectedCompanyId };
}

/**
 * Runs `test` as the signed-in demo client; afterwards, whatever happened, empties the cart
 * `emptyCartAfter` names (when it does) and selects the company the client had selected again.
 */
export async function asDemoClient(test: (client: SignedInClient) => Promise<void>, { emptyCartAfter }: { emptyCartAfter?: "personal" | "romashka" } = {}): Promise<void> {
  const client = await signedInClient();
  try {
    await test(client);
  } finally {
    if (emptyCartAfter) await clearCart(client.api, emptyCartAfter === "romashka" ? client.romashka : null);
    await client.api.selectCompany(client.selectedBefore);
  }
}

/** Empties a cart of the client: lines, deliveries, promocode (other test files may have left some). */
export async function clearCart(api: Api, companyId: number | null): Promise<void> {
  const target = companyId === null ? {} : { companyId };
  const cart = await api.getCart(target);
  for (const delivery of cart.deliveries) await api.removeCartDelivery(delivery.id);
  for (const line of cart.orderProduct) await api.removeCartProduct(line.id);
  if (cart.promocode) await api.removePromocode(target);
}

/** Adds a self-pickup delivery from the shop's counter in Krasnodar to the cart of `companyId` (null: the personal profile). */
export async function addKrasnodarSelfPickup(api: Api, companyId: number | null): Promise<Cart> {
  const point = (await api.getSelfPickupPoints()).items.find((item) => item.cityKladrId === DEFAULT_CITY_KLADR_ID);
  if (!point) throw new Error("No self-pickup point in Krasnodar");
  return api.addCartDelivery({
    ...(companyId === null ? {} : { companyId }),
    deliveryType: "SelfPickup",
    cityKladrId: DEFAULT_CITY_KLADR_ID,
    deliveryMethod: "SelfPickup",
    pickupPointCode: String(point.id),
  });
}

/** Waits until the cart shows `count` lines, and gives them. */
export function cartLines(element: Element, count: number): Promise<HTMLElement[]> {
  return waitFor(() => {
    const found = Array.from(shadow(element).querySelectorAll<HTMLElement>("[part~=line]"));
    return found.length === count ? found : null;
  }, `${count} cart lines`);
}

/** The first enabled button of the element whose text is `text`. */
export function enabledButton(element: Element, text: string): Promise<HTMLButtonElement> {
  return waitFor(
    () => Array.from(shadow(element).querySelectorAll<HTMLButtonElement>("button")).find((candidate) => candidate.textContent?.trim() === text && !candidate.disabled),
    `an enabled button «${text}»`,
  );
}
