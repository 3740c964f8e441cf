// @ts-check
/*
 * ESLint for the whole house (`npm run lint`). It lives here, not at the root, because the top level
 * is fixed by ../shared/docs/architecture.md; the script passes it with `--config`, and ESLint 9 then
 * resolves `files` and `ignores` from the working directory, the project root.
 * Import edges between folders are dependency-cruiser's job (dependency-cruiser.cjs beside this file).
 */
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  globalIgnores(["dist/**", ".tmp/**", "data/**", "test-results/**", "playwright-report/**", "server/db/migrations/**"]),
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // House rule: an index.ts lists what it exports.
      "no-restricted-syntax": ["error", { selector: "ExportAllDeclaration", message: "No `export *`: list what the module exports." }],
      // `_name` marks a parameter or binding that is there on purpose (a callback's position, a rest sibling).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Off: the input contracts look for control characters on purpose, to refuse them.
      "no-control-regex": "off",
    },
  },
  {
    // The engine's core runs unchanged in a Web Worker and a Node worker thread (dependency-cruiser keeps its imports clean).
    files: ["preflight/{core,content,render,checks}/**/*.ts", "preflight/*.ts"],
    ignores: ["preflight/cli.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "Buffer", message: "The engine's core is platform-free: use Uint8Array." },
        { name: "process", message: "The engine's core is platform-free: take what you need as an argument." },
      ],
    },
  },
  {
    files: ["widgets/**/*.{ts,tsx}", "host-site/**/*.{ts,tsx}", "shared/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // A widget opens another's feature only lazily: from another widget's face it takes the lazy
    // loaders (`loadLayoutChecker`, `loadPdfViewer`), never the feature itself, so its chunk carries
    // none of the other's code. Which faces may be reached at all is dependency-cruiser's rule.
    files: ["widgets/*/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./[a-z-]+/index$",
              allowImportNamePattern: "^load[A-Z]",
              message: "From another widget's face take only its lazy loaders (load…), e.g. `lazy(loadLayoutChecker)` (widgets/README.md, \"Faces\").",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["widgets/**/*.tsx", "host-site/**/*.tsx", "shared/ui/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (role="region" with a label) takes focus so a keyboard can scroll it (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
      // Key listeners on a container catch keys bubbling from its own controls (Escape closes a menu); they make it no control.
      "jsx-a11y/no-static-element-interactions": ["error", { allowExpressionValues: true, handlers: ["onClick", "onMouseDown", "onMouseUp", "onKeyPress"] }],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
