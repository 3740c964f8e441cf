import { storefrontHref } from "../navigate";
import type { HostProps } from "../element";
import { fireOttiskEvent } from "../events";
import { Header } from "./Header";
import { HOME_PATH, SCREEN_PATHS } from "../../shared/domain/index";
import { sideMenuHostProps } from "../side-menu-host";

export interface HeaderElementProps {
  logoSrc?: string;
  adminUrl?: string;
}

/** `<ottisk-header>` as React sees it: the Header, the events of its parts fired from the element. */
export function HeaderElement({ logoSrc, adminUrl, host }: HeaderElementProps & HostProps) {
  return (
    <Header
      {...sideMenuHostProps(host, adminUrl)}
      homeUrl={storefrontHref(HOME_PATH)}
      cartUrl={storefrontHref(SCREEN_PATHS.cart)}
      logoSrc={logoSrc}
      onCityChange={(city) => fireOttiskEvent(host, "ottisk-city-change", { kladrId: city.kladrId, city: city.city, region: city.region })}
      onLogin={(grant) => fireOttiskEvent(host, "ottisk-login", { name: grant.profile.name, typeUser: grant.profile.typeUser })}
    />
  );
}
