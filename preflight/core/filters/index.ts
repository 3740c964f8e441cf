import type { Budget } from "../budget";
import { isArray, isDict, isName, isNumber, type PdfDict, type PdfObject } from "../objects";
import { ascii85Decode, asciiHexDecode } from "./ascii";
import { flateDecode } from "./flate";
import { lzwDecode } from "./lzw";
import { applyPredictor } from "./predictor";
import { runLengthDecode } from "./runlength";
import { OutputSink } from "./sink";

/*
 * A stream's filter chain (§7.4). The general filters are decoded here; the image codecs (DCT, JPX,
 * CCITT, JBIG2) are left to whoever needs pixels: decoding stops in front of the first one and
 * reports its name. Each stage's output is capped at `maxStreamBytes` and counted by the budget
 * (predictors only rearrange bytes already counted).
 */

export interface FilterParams {
  /** /Predictor, 1 when absent. */
  readonly predictor: number;
  readonly colors: number;
  readonly bitsPerComponent: number;
  readonly columns: number;
  /** LZW's /EarlyChange, 1 when absent. */
  readonly earlyChange: number;
}

export const DEFAULT_FILTER_PARAMS: FilterParams = { predictor: 1, colors: 1, bitsPerComponent: 8, columns: 1, earlyChange: 1 };

export interface FilterStep {
  /** As written in the file; abbreviations of inline images are accepted. */
  readonly name: string;
  readonly params: FilterParams;
}

export interface DecodeResult {
  /** The data with every filter before `codec` applied. */
  readonly bytes: Uint8Array;
  /** The first filter not applied (an image codec, or a filter this reader does not know), null when all were. */
  readonly codec: string | null;
}

/** The inline-image abbreviations of filter names (ISO 32000-1 §8.9.7, Table 94). */
const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ["AHx", "ASCIIHexDecode"],
  ["A85", "ASCII85Decode"],
  ["LZW", "LZWDecode"],
  ["Fl", "FlateDecode"],
  ["RL", "RunLengthDecode"],
  ["CCF", "CCITTFaxDecode"],
  ["DCT", "DCTDecode"],
]);

/** The image codecs whose data is left encoded. */
export const IMAGE_CODECS: ReadonlySet<string> = new Set(["DCTDecode", "JPXDecode", "CCITTFaxDecode", "JBIG2Decode"]);

/**
 * A filter's full name, an inline image's abbreviation (/Fl, /DCT …) expanded: the one table the reader,
 * the interpreter, the renderer and the checks share. A Map, so a file's `/constructor` or `/__proto__`
 * stays a name and never reaches Object's own members.
 */
export const canonicalFilterName = (name: string): string => ABBREVIATIONS.get(name) ?? name;

/** `cap`: the most bytes any stage may produce (default `maxStreamBytes`). */
export function decodeFilters(raw: Uint8Array, steps: readonly FilterStep[], budget: Budget, cap = budget.limits.maxStreamBytes): DecodeResult {
  let data = raw;
  for (const step of steps) {
    const name = canonicalFilterName(step.name);
    budget.tick(1);
    // A generous first guess for the output (deflate typically 3–5×) saves regrowing.
    const sink = new OutputSink(budget, cap, name === "FlateDecode" || name === "LZWDecode" ? data.length * 4 : data.length);
    switch (name) {
      case "FlateDecode":
        flateDecode(data, sink);
        data = applyPredictor(sink.finish(), step.params);
        break;
      case "LZWDecode":
        lzwDecode(data, sink, step.params.earlyChange);
        data = applyPredictor(sink.finish(), step.params);
        break;
      case "ASCIIHexDecode":
        asciiHexDecode(data, sink);
        data = sink.finish();
        break;
      case "ASCII85Decode":
        ascii85Decode(data, sink);
        data = sink.finish();
        break;
      case "RunLengthDecode":
        runLengthDecode(data, sink);
        data = sink.finish();
        break;
      case "Crypt":
        // Only the Identity crypt filter can occur: encrypted documents are refused before any decoding.
        break;
      default:
        return { bytes: data, codec: name };
    }
  }
  return { bytes: data, codec: null };
}

/**
 * The filter chain of a stream dictionary (or an inline image's, with `filterKey` "F" and `parmsKey`
 * "DP"): /Filter as a name or an array, /DecodeParms as a dict, an array with nulls, or absent.
 */
export function filterSteps(dict: PdfDict, resolve: (value: PdfObject | undefined) => PdfObject, filterKey = "Filter", parmsKey = "DecodeParms"): FilterStep[] {
  const filter = resolve(dict.entries.get(filterKey));
  const names: string[] = [];
  if (isName(filter)) names.push(filter.name);
  else if (isArray(filter)) for (const item of filter) {
    const f = resolve(item);
    if (isName(f)) names.push(f.name);
  }
  if (names.length === 0) return [];
  const parms = resolve(dict.entries.get(parmsKey));
  return names.map((name, i) => {
    const p = isArray(parms) ? resolve(parms[i]) : i === 0 ? parms : null;
    return { name, params: isDict(p) ? filterParams(p, resolve) : DEFAULT_FILTER_PARAMS };
  });
}

function filterParams(dict: PdfDict, resolve: (value: PdfObject | undefined) => PdfObject): FilterParams {
  const num = (key: string, fallback: number) => {
    const v = resolve(dict.entries.get(key));
    return isNumber(v) ? v : fallback;
  };
  return {
    predictor: num("Predictor", 1),
    colors: num("Colors", 1),
    bitsPerComponent: num("BitsPerComponent", 8),
    columns: num("Columns", 1),
    earlyChange: num("EarlyChange", 1),
  };
}
