/*
 * `npm run analyze`: custom-elements.json from the JSDoc of each `*.element.ts`.
 *
 * Every attribute of an Ottisk element is also a property of the same name in camelCase
 * (widgets/element.ts defines the accessors at run time, where the analyzer cannot see them), so
 * this plugin writes those properties into the manifest as members and links each attribute to
 * its property (`fieldName`).
 */
const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

const attributeProperties = {
  name: "ottisk-attribute-properties",
  packageLinkPhase({ customElementsManifest }) {
    // The analyzer lists modules in the order the file system gives them: sorted, the file is the same on every machine.
    customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (!declaration.tagName) continue;
        const members = declaration.members ?? [];
        for (const attribute of declaration.attributes ?? []) {
          const fieldName = camelCase(attribute.name);
          attribute.fieldName = fieldName;
          if (members.some((member) => member.name === fieldName)) continue;
          members.push({
            kind: "field",
            name: fieldName,
            ...(attribute.type ? { type: { text: `${attribute.type.text} | undefined` } } : {}),
            ...(attribute.description ? { description: attribute.description } : {}),
            attribute: attribute.name,
          });
        }
        declaration.members = members;
      }
    }
  },
};

export default {
  globs: ["widgets/**/*.element.ts"],
  outdir: "widgets",
  plugins: [attributeProperties],
};
