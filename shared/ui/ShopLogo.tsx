/** The shop's name, as the logo shows it without a picture. */
export const SHOP_NAME = "Оттиск";

export interface ShopLogoProps {
  /** A logo picture; the shop's name as text without it. */
  src?: string | undefined;
}

/** What the header's and the footer's logo links show: the picture, else the shop's name as text. */
export function ShopLogo({ src }: ShopLogoProps) {
  return src ? <img src={src} alt={`${SHOP_NAME} — на главную`} /> : <>{SHOP_NAME}</>;
}
