import { PDFArray, PDFDict, PDFName, PDFRef } from "pdf-lib";
import type { PDFContext, PDFObject } from "pdf-lib";
import { expressionVisible, membershipVisible } from "../content/optional";
import { arrayItems, dictOf, get, getDict, getName, key, resolve } from "./pdf";

/*
 * Which optional content is shown, on pdf-lib's objects, with the engine's semantics
 * (content/optional.ts): the default configuration /OCProperties /D — /BaseState, /ON, /OFF — with
 * its automatic print state applied (/AS entries for the Print event: an OCG whose /Usage /Print
 * /PrintState is OFF is not printed), and membership dictionaries (/P policies, /VE expressions).
 * What the fix-up keeps is what the engine checks and what comes off the press.
 */

export class Visibility {
  private readonly off = new Set<PDFDict>();
  private readonly on = new Set<PDFDict>();
  private readonly baseOff: boolean;
  private readonly cache = new Map<PDFDict, boolean>();

  constructor(private readonly context: PDFContext, catalog: PDFDict) {
    const props = getDict(context, catalog, "OCProperties");
    const config = props ? getDict(context, props, "D") : undefined;
    this.baseOff = config !== undefined && getName(context, config, "BaseState") === "OFF";
    if (!config) return;
    for (const item of arrayItems(context, config.get(key("OFF")))) {
      const d = dictOf(context, item);
      if (d) this.off.add(d);
    }
    for (const item of arrayItems(context, config.get(key("ON")))) {
      const d = dictOf(context, item);
      if (d) this.on.add(d);
    }
    for (const entry of arrayItems(context, config.get(key("AS")))) {
      const as = dictOf(context, entry);
      if (!as || getName(context, as, "Event") !== "Print") continue;
      const categories = get(context, as, "Category");
      const names = categories instanceof PDFArray ? categories.asArray().map((c) => resolve(context, c)) : [categories];
      if (!names.some((c) => c instanceof PDFName && c.decodeText() === "Print")) continue;
      for (const g of arrayItems(context, as.get(key("OCGs")))) {
        const group = dictOf(context, g);
        const usage = group ? getDict(context, group, "Usage") : undefined;
        const print = usage ? getDict(context, usage, "Print") : undefined;
        const state = print ? getName(context, print, "PrintState") : undefined;
        if (!group) continue;
        if (state === "OFF") {
          this.off.add(group);
          this.on.delete(group);
        } else if (state === "ON") {
          this.on.add(group);
          this.off.delete(group);
        }
      }
    }
  }

  /** Whether `value` (an OCG or OCMD, or a reference to one) is an optional-content dictionary at all. */
  isOptionalContent(value: PDFObject | undefined): boolean {
    const dict = dictOf(this.context, value);
    if (!dict) return false;
    const type = getName(this.context, dict, "Type");
    return type === "OCG" || type === "OCMD" || dict.has(key("OCGs")) || dict.has(key("VE"));
  }

  /** True when content marked with `value` is shown (anything that is not a group or membership hides nothing). */
  isVisible(value: PDFObject | undefined, depth = 0): boolean {
    const dict = dictOf(this.context, value);
    if (!dict || depth > 16) return true;
    const cached = this.cache.get(dict);
    if (cached !== undefined) return cached;
    const type = getName(this.context, dict, "Type");
    const result = type === "OCMD" || (type !== "OCG" && (dict.has(key("OCGs")) || dict.has(key("VE")))) ? this.membership(dict, depth) : this.groupOn(dict);
    this.cache.set(dict, result);
    return result;
  }

  private groupOn(group: PDFDict): boolean {
    return this.baseOff ? this.on.has(group) : !this.off.has(group);
  }

  private membership(md: PDFDict, depth: number): boolean {
    const ve = get(this.context, md, "VE");
    if (ve instanceof PDFArray) {
      const r = this.expression(ve.asArray(), depth + 1);
      if (r !== null) return r;
    }
    const ocgs = get(this.context, md, "OCGs");
    const groups: PDFDict[] = [];
    if (ocgs instanceof PDFDict) groups.push(ocgs);
    else if (ocgs instanceof PDFArray) for (const g of ocgs.asArray()) {
      const d = dictOf(this.context, g);
      if (d) groups.push(d);
    }
    if (groups.length === 0) return true;
    const states = groups.map((g) => this.groupOn(g));
    return membershipVisible(getName(this.context, md, "P") ?? "AnyOn", states);
  }

  private expression(expr: PDFObject[], depth: number): boolean | null {
    if (depth > 16) return null;
    const op = resolve(this.context, expr[0]);
    if (!(op instanceof PDFName)) return null;
    const operands: boolean[] = [];
    for (const item of expr.slice(1)) {
      const v = item instanceof PDFRef ? resolve(this.context, item) : item;
      if (v instanceof PDFArray) {
        const r = this.expression(v.asArray(), depth + 1);
        if (r === null) return null;
        operands.push(r);
      } else if (v instanceof PDFDict) {
        operands.push(this.groupOn(v));
      } else {
        return null;
      }
    }
    return expressionVisible(op.decodeText(), operands);
  }
}
