import { describe, expect, it } from "vitest";
import { ADYGEYSK, ADYGEYSK_CSV_LINE } from "../../../tests/server/support/city-fixtures";
import { CityImportError, readCityCsv, regionDisplayName } from "./city-import";

const HEADER = "address,postal_code,country,region_type,region,area_type,area,city_type,city,settlement_type,settlement,kladr_id,fias_id,timezone,geo_lat,geo_lon,population";

describe("regionDisplayName", () => {
  it("writes the region as people do", () => {
    expect(regionDisplayName("край", "Краснодарский")).toBe("Краснодарский край");
    expect(regionDisplayName("обл", "Нижегородская")).toBe("Нижегородская область");
    expect(regionDisplayName("обл", "Кемеровская область - Кузбасс")).toBe("Кемеровская область - Кузбасс");
    expect(regionDisplayName("Респ", "Татарстан")).toBe("Республика Татарстан");
    expect(regionDisplayName("Респ", "Удмуртская")).toBe("Удмуртская Республика");
    expect(regionDisplayName("Респ", "Саха /Якутия/")).toBe("Республика Саха (Якутия)");
    expect(regionDisplayName("АО", "Ямало-Ненецкий")).toBe("Ямало-Ненецкий автономный округ");
    expect(regionDisplayName("АО", "Ханты-Мансийский Автономный округ - Югра")).toBe("Ханты-Мансийский автономный округ - Югра");
    expect(regionDisplayName("Аобл", "Еврейская")).toBe("Еврейская автономная область");
    expect(regionDisplayName("г", "Москва")).toBe("Москва");
    expect(regionDisplayName("Чувашия", "Чувашская Республика")).toBe("Чувашская Республика");
  });
});

describe("readCityCsv", () => {
  it("reads a row, whatever the column order, with quoted commas", () => {
    const { rows, cities, skipped } = readCityCsv(
      `${HEADER}\n${ADYGEYSK_CSV_LINE}\n`,
    );
    expect(rows).toBe(1);
    expect(skipped).toEqual([]);
    expect(cities).toEqual([
      {
        line: 2,
        row: ADYGEYSK,
      },
    ]);
  });

  it("names federal cities, towns inside cities and towns that are districts", () => {
    const { cities } = readCityCsv(
      [
        HEADER,
        "г Москва,101000,Россия,г,Москва,,,,,,,7700000000000,,UTC+3,55.75,37.62,11514330",
        '"Респ Крым, г Ялта, г Алупка",298676,Россия,Респ,Крым,,,г,Ялта,г,Алупка,9100000800100,,UTC+3,44.41,34.04,7771',
        '"Московская обл, г Клин",141600,Россия,обл,Московская,г,Клин,,,,,5004700000000,,UTC+3,56.33,36.72,',
      ].join("\n"),
    );
    expect(cities.map(({ row }) => [row.city, row.region, row.population, row.fiasId])).toEqual([
      ["Москва", "Москва", 11514330, null],
      ["Алупка", "Республика Крым", 7771, null],
      ["Клин", "Московская область", null, null],
    ]);
  });

  it("skips bad rows with their line numbers and keeps the good ones", () => {
    const good = (kladrId: string, lat = "45.1") => `x,1,Россия,край,Краснодарский,,,г,Город,,,${kladrId},,UTC+3,${lat},39.1,100`;
    const { rows, cities, skipped } = readCityCsv(
      [
        HEADER,
        good("2300000100000"),
        good("23000001"),
        good("2300000200000", "north"),
        good("2300000300000", "95"),
        "too,few,fields",
        'x,1,Россия,край,Краснодарский,,,г,"Город"x,,,2300000400000,,UTC+3,45,39,1',
        good("2300000100000"),
        "x,1,Россия,край,Краснодарский,,,,,,,2300000500000,,UTC+3,45,39,1",
        "x,1,Россия,край,Краснодарский,,,г,Город,,,2300000600000,,UTC+3,45,39,12.5",
        good("2300000700000"),
      ].join("\r\n"),
    );
    expect(cities.map((city) => [city.line, city.row.kladrId])).toEqual([
      [2, "2300000100000"],
      [11, "2300000700000"],
    ]);
    expect(rows).toBe(10);
    expect(skipped).toEqual([
      { line: 3, message: expect.stringContaining("is not 13 or 17 digits") },
      { line: 4, message: expect.stringContaining("geo_lat \"north\"") },
      { line: 5, message: expect.stringContaining("geo_lat \"95\"") },
      { line: 6, message: "has 3 fields, the header has 17" },
      { line: 7, message: expect.stringContaining("not valid CSV") },
      { line: 8, message: "kladr_id 2300000100000 is already on line 2" },
      { line: 9, message: expect.stringContaining("names no city") },
      { line: 10, message: expect.stringContaining("population \"12.5\"") },
    ]);
  });

  it("refuses a file without the columns it needs", () => {
    expect(() => readCityCsv("")).toThrow(CityImportError);
    expect(() => readCityCsv("name,lat,lon\nКраснодар,45,39\n")).toThrow(/no column region_type, region, city, kladr_id, geo_lat, geo_lon/);
  });
});
