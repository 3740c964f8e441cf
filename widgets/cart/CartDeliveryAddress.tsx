/* The address at the door, with the addresses the suggestion service knows for what is typed. */

import { useId } from "react";
import { CITY_SEARCH_DEBOUNCE_MS } from "../../shared/domain/index";
import { addressSuggestions, useDebounced, useKeyedResource } from "../../shared/state/index";

/** Street, house and flat or office for a door delivery; suggestions from the third character, debounced. */
export function DoorAddressField({ address, onChange }: { address: string; onChange: (address: string) => void }) {
  const debouncedAddress = useDebounced(address.trim(), CITY_SEARCH_DEBOUNCE_MS);
  const suggestions = useKeyedResource(addressSuggestions, debouncedAddress.length >= 3 ? debouncedAddress : null).resource;
  const id = useId();
  const listId = useId();
  return (
    <div className="ottisk-cart__field">
      <label htmlFor={id}>Адрес: улица, дом, квартира или офис</label>
      <input
        id={id}
        name="street-address"
        autoComplete="street-address"
        list={listId}
        required
        value={address}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {suggestions?.status === "ready" ? suggestions.data.map((suggestion) => <option key={suggestion.value} value={suggestion.value} />) : null}
      </datalist>
    </div>
  );
}
