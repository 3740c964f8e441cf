import type { DesignFontFamily } from "../../shared/contracts/index";
import loraBold from "@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf?url";
import loraRegular from "@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf?url";
import montserratBold from "@expo-google-fonts/montserrat/700Bold/Montserrat_700Bold.ttf?url";
import montserratRegular from "@expo-google-fonts/montserrat/400Regular/Montserrat_400Regular.ttf?url";
import openSansBold from "@expo-google-fonts/open-sans/700Bold/OpenSans_700Bold.ttf?url";
import openSansRegular from "@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf?url";
import ptSansBold from "@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf?url";
import ptSansRegular from "@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf?url";
import ptSerifBold from "@expo-google-fonts/pt-serif/700Bold/PTSerif_700Bold.ttf?url";
import ptSerifRegular from "@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf?url";
import rubikBold from "@expo-google-fonts/rubik/700Bold/Rubik_700Bold.ttf?url";
import rubikRegular from "@expo-google-fonts/rubik/400Regular/Rubik_400Regular.ttf?url";

/*
 * The designer's six font families (OFL, full Cyrillic, from the @expo-google-fonts packages),
 * shipped as hashed assets beside the designer's code (`?url`) and fetched only when the designer
 * needs one: the canvas and the PDF export both draw the same files' glyph outlines (text-shaper.ts).
 */

const FONT_URLS: Readonly<Record<DesignFontFamily, { regular: string; bold: string }>> = {
  "PT Sans": { regular: ptSansRegular, bold: ptSansBold },
  "PT Serif": { regular: ptSerifRegular, bold: ptSerifBold },
  Montserrat: { regular: montserratRegular, bold: montserratBold },
  "Open Sans": { regular: openSansRegular, bold: openSansBold },
  Lora: { regular: loraRegular, bold: loraBold },
  Rubik: { regular: rubikRegular, bold: rubikBold },
};

/** The address of a family's TTF file. */
export function fontUrl(family: DesignFontFamily, bold: boolean): string {
  const urls = FONT_URLS[family];
  return new URL(bold ? urls.bold : urls.regular, document.baseURI).href;
}
