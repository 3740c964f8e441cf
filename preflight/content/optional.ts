import type { PdfDocument } from "../core/document";
import { isArray, isDict, isName, isRef } from "../core/objects";
import type { PdfDict, PdfObject } from "../core/objects";
import { PreflightError } from "../core/errors";

/** An OCMD's /P policy over its groups' states (ISO 32000-1 §8.11.2.2); unknown policies are AnyOn. */
export function membershipVisible(policy: string, states: readonly boolean[]): boolean {
  switch (policy) {
    case "AllOn":
      return states.every((s) => s);
    case "AnyOff":
      return states.some((s) => !s);
    case "AllOff":
      return states.every((s) => !s);
    default:
      return states.some((s) => s);
  }
}

/** A visibility expression's operator over its operands' states; null when malformed. */
export function expressionVisible(operator: string, operands: readonly boolean[]): boolean | null {
  switch (operator) {
    case "And":
      return operands.every((s) => s);
    case "Or":
      return operands.some((s) => s);
    case "Not":
      return operands.length === 1 ? !operands[0] : null;
    default:
      return null;
  }
}

/*
 * Optional content (ISO 32000-1 §8.11): which groups are off in the default configuration
 * /OCProperties /D — /BaseState, /ON, /OFF — with the print usage applied where /D /AS asks for it
 * (an OCG whose /Usage /Print /PrintState is OFF is not printed), and whether an optional-content
 * group or membership dictionary (/P policies and /VE expressions) makes its content hidden.
 */

export class OptionalContent {
  private readonly off = new Set<PdfDict>();
  private readonly on = new Set<PdfDict>();
  private readonly baseOff: boolean;
  private readonly cache = new Map<PdfDict, boolean>();

  constructor(private readonly doc: PdfDocument) {
    try {
      this.baseOff = this.readConfig();
    } catch (error) {
      // A broken configuration hides nothing; only the budget's errors end the check.
      if (error instanceof PreflightError) throw error;
      this.baseOff = false;
    }
  }

  /** Reads /D into the ON and OFF sets; returns whether /BaseState is OFF. */
  private readConfig(): boolean {
    const doc = this.doc;
    const props = doc.resolveDict(doc.get(doc.catalog, "OCProperties"));
    const config = props === null ? null : doc.resolveDict(doc.get(props, "D"));
    const base = config === null ? null : doc.get(config, "BaseState");
    const baseOff = isName(base, "OFF");
    if (config === null) return baseOff;
    for (const item of doc.resolveArray(doc.get(config, "OFF")) ?? []) {
      const d = doc.resolveDict(item);
      if (d !== null) this.off.add(d);
    }
    for (const item of doc.resolveArray(doc.get(config, "ON")) ?? []) {
      const d = doc.resolveDict(item);
      if (d !== null) this.on.add(d);
    }
    // Automatic states for printing (§8.11.4.4): a group's print state overrides /ON and /OFF.
    for (const entry of doc.resolveArray(doc.get(config, "AS")) ?? []) {
      const as = doc.resolveDict(entry);
      if (as === null || !isName(doc.get(as, "Event"), "Print")) continue;
      const categories = doc.resolve(doc.get(as, "Category"));
      const hasPrint = isArray(categories) ? categories.some((c) => isName(doc.resolve(c), "Print")) : isName(categories, "Print");
      if (!hasPrint) continue;
      for (const g of doc.resolveArray(doc.get(as, "OCGs")) ?? []) {
        const group = doc.resolveDict(g);
        if (group === null) continue;
        const usage = doc.resolveDict(doc.get(group, "Usage"));
        const print = usage === null ? null : doc.resolveDict(doc.get(usage, "Print"));
        const state = print === null ? null : doc.get(print, "PrintState");
        if (isName(state, "OFF")) {
          this.off.add(group);
          this.on.delete(group);
        } else if (isName(state, "ON")) {
          this.on.add(group);
          this.off.delete(group);
        }
      }
    }
    return baseOff;
  }

  /** True when content marked with `value` (an OCG or OCMD, or a reference to one) is drawn. */
  isVisible(value: PdfObject | undefined): boolean {
    return this.visible(value, 0);
  }

  private visible(value: PdfObject | undefined, depth: number): boolean {
    if (depth > 16) return true;
    const dict = this.doc.resolveDict(value);
    // Anything that is not a group or membership dictionary does not hide content (§8.11.3.1).
    if (dict === null) return true;
    const cached = this.cache.get(dict);
    if (cached !== undefined) return cached;
    const type = this.doc.get(dict, "Type");
    let result: boolean;
    if (isName(type, "OCMD") || (!isName(type, "OCG") && (dict.entries.has("OCGs") || dict.entries.has("VE")))) result = this.membership(dict, depth);
    else result = this.groupOn(dict);
    this.cache.set(dict, result);
    return result;
  }

  private groupOn(group: PdfDict): boolean {
    if (this.baseOff) return this.on.has(group);
    return !this.off.has(group);
  }

  private membership(md: PdfDict, depth: number): boolean {
    const ve = this.doc.resolve(this.doc.get(md, "VE"));
    if (isArray(ve)) {
      const r = this.expression(ve, depth + 1);
      if (r !== null) return r;
    }
    const ocgsValue = md.entries.get("OCGs");
    const ocgs = this.doc.resolve(ocgsValue);
    const groups: PdfDict[] = [];
    if (isDict(ocgs)) groups.push(ocgs);
    else if (isArray(ocgs)) for (const g of ocgs) {
      const d = this.doc.resolveDict(g);
      if (d !== null) groups.push(d);
    }
    // No groups: the membership has no effect (§8.11.2.2).
    if (groups.length === 0) return true;
    const states = groups.map((g) => this.groupOn(g));
    const policy = this.doc.get(md, "P");
    return membershipVisible(isName(policy) ? policy.name : "AnyOn", states);
  }

  /** A visibility expression: [/And e…], [/Or e…], [/Not e], or a group; null when malformed. */
  private expression(expr: readonly PdfObject[], depth: number): boolean | null {
    if (depth > 16) return null;
    const op = this.doc.resolve(expr[0]);
    if (!isName(op)) return null;
    const operands: boolean[] = [];
    for (const item of expr.slice(1)) {
      const v = isRef(item) ? this.doc.resolve(item) : item;
      if (isArray(v)) {
        const r = this.expression(v, depth + 1);
        if (r === null) return null;
        operands.push(r);
      } else if (isDict(v)) {
        operands.push(this.groupOn(v));
      } else {
        return null;
      }
    }
    return expressionVisible(op.name, operands);
  }
}
