import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { openDocument } from "../core/reader";
import { interpretPage } from "./interpreter";
import { RecordingDevice, makePdfBytes, onePage, testBudget } from "./test-support";
import type { ObjectSource } from "./test-support";

/*
 * The interpreter on real PDF bytes read by core/reader.ts: compressed content streams, forms,
 * inline images, annotations and optional content as the reader hands them over.
 */

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
const flate = (s: string | Uint8Array): ObjectSource => ({ dict: "<< /Filter /FlateDecode >>", data: zlibSync(typeof s === "string" ? latin1(s) : s) });

function interpret(objects: Record<number, ObjectSource>): RecordingDevice {
  const budget = testBudget();
  const doc = openDocument(makePdfBytes(objects), budget);
  const device = new RecordingDevice();
  for (const page of doc.pages) interpretPage(doc, page, device, budget);
  return device;
}

describe("interpreter on PDF bytes", () => {
  it("reads a compressed page with a scaled form holding an image, and a Flate inline image", () => {
    const objects = onePage("", "<< /XObject << /Fm 10 0 R >> >>", {
      4: flate("q 0.5 0 0 0.5 0 0 cm /Fm Do Q q 20 0 0 10 100 100 cm BI /W 4 /H 2 /CS /CMYK /BPC 8 /F /Fl ID " + String.fromCharCode(...zlibSync(new Uint8Array(32))) + "\nEI Q 1 0 0 rg 0 0 5 5 re f"),
      10: { dict: "<< /Type /XObject /Subtype /Form /BBox [0 0 500 500] /Matrix [2 0 0 2 0 0] /Resources << /XObject << /Im 11 0 R >> >> >>", data: "q 0 72 -72 0 72 0 cm /Im Do Q" },
      11: { dict: "<< /Type /XObject /Subtype /Image /Width 300 /Height 150 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode >>", data: zlibSync(new Uint8Array(300 * 150)) },
    });
    const d = interpret(objects);
    const images = d.of("image");
    expect(images).toHaveLength(2);
    // Rotated 90°, 72 pt on each side: the form's ×2 and the page's ×0.5 cancel out.
    expect(images[0]?.image.ctm).toEqual([0, 72, -72, 0, 72, 0]);
    expect(images[0]?.image.filters).toEqual(["FlateDecode"]);
    expect(images[1]?.image).toMatchObject({ inline: true, width: 4, height: 2, filters: ["FlateDecode"] });
    expect(d.spaces()).toEqual(["image:DeviceGray", "inline-image:DeviceCMYK", "fill:DeviceRGB"]);
  });

  it("draws printable annotation appearances only, and skips an OFF layer", () => {
    const objects: Record<number, ObjectSource> = {
      ...onePage("/OC /Hidden BDC 1 0 0 rg 0 0 9 9 re f EMC 0.2 g 0 0 1 1 re f", "<< /Properties << /Hidden 20 0 R >> >>", {
        1: "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [20 0 R] /D << /OFF [20 0 R] >> >> >>",
        10: "<< /Type /Annot /Subtype /Stamp /F 4 /Rect [10 10 30 30] /AP << /N 12 0 R >> >>",
        11: "<< /Type /Annot /Subtype /Stamp /F 2 /Rect [50 50 70 70] /AP << /N 12 0 R >> >>",
        12: flate("BT /F1 12 Tf (x) Tj ET 0 0 1 0 k 0 0 10 10 re f"),
        20: "<< /Type /OCG /Name (Hidden) >>",
      }, "/Annots [10 0 R 11 0 R]"),
    };
    // The appearance stream is a form: give it its form dictionary entries with the compressed data.
    objects[12] = { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Filter /FlateDecode >>", data: zlibSync(latin1("BT /F1 12 Tf (x) Tj ET 0 0 1 0 k 0 0 10 10 re f")) };
    const d = interpret(objects);
    expect(d.spaces()).toEqual(["fill:DeviceGray", "text:DeviceGray", "fill:DeviceCMYK"]);
    const annotationFill = d.of("fill")[1];
    expect(annotationFill?.bbox).toEqual([10, 10, 30, 30]);
    expect(d.of("text")[0]?.text.font?.entries.size).toBeGreaterThan(0);
  });

  it("terminates on a form that draws itself and reports invisible Type3 text", () => {
    const d = interpret(
      onePage("/Self Do BT /T3 10 Tf 3 Tr (a) Tj 0 Tr (a) Tj ET", "<< /XObject << /Self 10 0 R >> /Font << /T3 11 0 R >> >>", {
        10: { dict: "<< /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /Self 10 0 R >> >> >>", data: "0 0 1 1 re f /Self Do" },
        11: "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 12 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [500] >>",
        12: { dict: "<< >>", data: "500 0 d0 0 0 500 500 re f" },
      }),
    );
    expect(d.of("fill")).toHaveLength(1);
    expect(d.of("text").map((t) => [t.text.fontSubtype, t.text.renderMode])).toEqual([
      ["Type3", 3],
      ["Type3", 0],
    ]);
  });
});
