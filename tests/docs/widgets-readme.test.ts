import { describe, expect, it } from "vitest";
import { END, START, elementsReference, generatedReadme, withReference } from "./widgets-readme";
import type { Manifest } from "./widgets-readme";

describe("widgets/README.md's element reference", () => {
  it("is what custom-elements.json gives (run `npm run analyze` after changing an element's JSDoc)", () => {
    const { readme, generated } = generatedReadme();
    expect(readme.includes(START) && readme.includes(END)).toBe(true);
    expect(readme).toBe(generated);
  });

  it("writes an element's attributes, properties, events, parts and custom properties as tables", () => {
    const manifest: Manifest = {
      modules: [
        {
          path: "widgets/demo/demo.element.ts",
          declarations: [
            {
              tagName: "ottisk-demo",
              customElement: true,
              summary: "A demo.",
              attributes: [{ name: "page-size", fieldName: "pageSize", type: { text: "number" }, description: "Items per page, 1|100." }],
              members: [
                { kind: "field", name: "pageSize", attribute: "page-size" },
                { kind: "field", name: "file", type: { text: "Blob | null" }, description: "The file." },
              ],
              events: [{ name: "ottisk-demo-change", type: { text: "CustomEvent<{id: number}>" }, description: "It changed." }],
              cssParts: [{ name: "box", description: "The box." }],
              cssProperties: [{ name: "--ottisk-demo-width", description: "Its width." }],
            },
          ],
        },
      ],
    };
    const reference = elementsReference(manifest);
    expect(reference).toContain("### `<ottisk-demo>` reference");
    expect(reference).toContain("| `page-size` | `pageSize` | `number` | Items per page, 1\\|100. |");
    expect(reference).toContain("| `file` | `Blob \\| null` | The file. |");
    expect(reference).toContain("| `ottisk-demo-change` | `{id: number}` | It changed. |");
    expect(reference).toContain("**CSS parts:** `box` — The box.");
    expect(reference).toContain("**Custom properties:** `--ottisk-demo-width` — Its width.");
    const readme = `before\n${START}\nold\n${END}\nafter\n`;
    expect(withReference(readme, reference)).toBe(`before\n${START}\n${reference}\n${END}\nafter\n`);
    expect(() => withReference("no markers", reference)).toThrow(/markers/);
  });

  it("tells an attribute every element has alike once, above the tables", () => {
    const apiBase = { name: "api-base", fieldName: "apiBase", type: { text: "string" }, description: "The API's address." };
    const element = (tag: string) => ({
      tagName: tag,
      customElement: true,
      summary: tag,
      attributes: [apiBase, { name: "label", fieldName: "label", type: { text: "string" }, description: `The ${tag} label.` }],
    });
    const reference = elementsReference({ modules: [{ path: "widgets/a/a.element.ts", declarations: [element("ottisk-a"), element("ottisk-b")] }] });
    expect(reference).toContain("Every element also takes `api-base` (`apiBase`): The API's address.");
    expect(reference).not.toContain("| `api-base` |");
    expect(reference).toContain("| `label` | `label` | `string` | The ottisk-b label. |");
  });
});
