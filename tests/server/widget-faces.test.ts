import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Every widget's face (widgets/<folder>/index.ts, widgets/README.md "Faces") is what the host site's
 * server render imports, in Node: loading one must define no element — no `class … extends
 * HTMLElement`, no customElements.define, which Node has not — and must not load its element's
 * module (that is the loader's, in the browser).
 */

const WIDGETS = join(import.meta.dirname, "..", "..", "widgets");
const folders = readdirSync(WIDGETS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(join(WIDGETS, entry.name)).includes("index.ts"))
  .map((entry) => entry.name);

describe("the widgets' faces in Node", () => {
  it("finds a face in every widget folder", () => {
    const all = readdirSync(WIDGETS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders).toEqual(all);
  });

  it.each(folders)("imports widgets/%s/index.ts without defining or loading an element", async (folder) => {
    expect(typeof HTMLElement, "Node has no DOM: an element class would throw here").toBe("undefined");
    const face = (await import(`../../widgets/${folder}/index.ts`)) as Record<string, unknown>;
    expect(Object.keys(face).length, "the face exports its feature").toBeGreaterThan(0);
    expect("customElements" in globalThis).toBe(false);
  });
});
