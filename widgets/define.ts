/*
 * Partners paste the script tag into templates, CMS blocks and tag managers, so a page can end up
 * with two copies (or two versions) of Ottisk. customElements.define throws on a second definition;
 * we keep the first, which already rendered, and say so once per page instead of once per tag.
 */

interface DefineRegistry {
  version: string;
  warned: boolean;
}

const REGISTRY_KEY = Symbol.for("ottisk.define.registry");

function registry(): DefineRegistry {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: DefineRegistry };
  holder[REGISTRY_KEY] ??= { version: __OTTISK_VERSION__, warned: false };
  return holder[REGISTRY_KEY];
}

/** Defines `tag` unless some copy of Ottisk already did; returns whether this copy defined it. */
export function defineElement(tag: string, element: CustomElementConstructor): boolean {
  const state = registry();
  if (customElements.get(tag)) {
    if (!state.warned) {
      state.warned = true;
      console.warn(
        `Ottisk: <${tag}> is already defined by another copy of the Ottisk script (version ${state.version}); ` +
          `this copy (version ${__OTTISK_VERSION__}) stays unused. Include /widgets/ottisk.js once per page.`,
      );
    }
    return false;
  }
  customElements.define(tag, element);
  return true;
}
