import type { AccountProfile } from "../../shared/contracts/index";
import type { BackOfficeRoute } from "../../shared/domain/index";

/** What every back-office section page gets: its route (section, id or "new", the list's filters) and the signed-in employee. */
export interface SectionProps {
  route: BackOfficeRoute;
  profile: AccountProfile;
}
