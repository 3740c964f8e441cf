import type { NewCityRow } from "../../../server/db/geo.schema";

/*
 * Адыгейск as the HFLabs data set (../shared/data/geo/city.csv, and the seed's cut of it) has it:
 * the city the import tests read from a CSV line and then find in the database.
 */

/** Its line of the data set, in the data set's column order. */
export const ADYGEYSK_CSV_LINE =
  '"Респ Адыгея, г Адыгейск",385200,Россия,Респ,Адыгея,,,г,Адыгейск,,,0100000200000,ccdfd496-8108-4655-aadd-bd228747306d,UTC+3,44.878414,39.190289,12689';

/** The city row the import makes of it (without the shop's own columns: preset and provider ids). */
export const ADYGEYSK: NewCityRow = {
  kladrId: "0100000200000",
  city: "Адыгейск",
  region: "Республика Адыгея",
  regionType: "Респ",
  fiasId: "ccdfd496-8108-4655-aadd-bd228747306d",
  postalCode: "385200",
  timezone: "UTC+3",
  geoLat: 44.878414,
  geoLon: 39.190289,
  population: 12689,
  searchName: "адыгейск",
};
