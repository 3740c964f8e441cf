import { CLIENT_MODE_REQUIRED_MESSAGE } from "../../../shared/contracts/index";
import type { Viewer } from "./session.service";
import { ShopError } from "../shop-error";

/**
 * Whose data a call works on: a client's own, or — for an employee in client mode — the client's
 * the employee acts for. An employee outside client mode has no cart, companies or recipients.
 */
export function actingClientId(viewer: Viewer): number {
  if (viewer.account.typeUser === "employee") {
    if (viewer.placeClientId === null) {
      throw new ShopError({
        statusCode: 403,
        code: "CLIENT_MODE_REQUIRED",
        messageUI: CLIENT_MODE_REQUIRED_MESSAGE,
        message: "An employee outside client mode has no client data",
      });
    }
    return viewer.placeClientId;
  }
  return viewer.account.id;
}
