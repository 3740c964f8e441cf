import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { AccountProfile } from "../../shared/contracts/index";
import { selectCompanyAtom, useShowFailure } from "../../shared/state/index";
import { ErrorNote } from "../../shared/ui/index";

export interface CartCompanyProps {
  profile: AccountProfile;
  /** The account now acted for: a company, or null for the personal profile. */
  companyId: number | null;
  onChange: (companyId: number | null) => void;
}

/**
 * Whose cart this is: the personal profile or one of the account's companies. Choosing tells the
 * server, loads that cart and re-issues its deliveries (spec §4).
 */
export function CartCompany({ profile, companyId, onChange }: CartCompanyProps) {
  const selectCompany = useSetAtom(selectCompanyAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  return (
    <div className="ottisk-cart__company" part="company">
      <label htmlFor={selectId}>Заказываю от имени</label>
      <select
        id={selectId}
        name="company"
        value={companyId === null ? "" : String(companyId)}
        disabled={busy}
        onChange={(event) => {
          const next = event.target.value === "" ? null : Number(event.target.value);
          setBusy(true);
          setError(null);
          selectCompany(next)
            .then(() => onChange(next))
            .catch((failure: unknown) => showFailure(failure, setError))
            .finally(() => setBusy(false));
        }}
      >
        <option value="">
          Личный профиль: {profile.name} {profile.surname}
        </option>
        {profile.companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
      <ErrorNote className="ottisk-cart__error" message={error} />
    </div>
  );
}
