/*
 * `npm run docs:check` (part of `npm test`, before the build): fails when the committed
 * widgets/custom-elements.json or the element reference in widgets/README.md is not what
 * `npm run analyze` makes from the elements' JSDoc today.
 *
 * The build runs the analyzer too and would quietly fix both files in the working tree, so a stale
 * pair could pass the suite and still be committed; this check runs first and says so instead. It
 * leaves the regenerated files in place: commit them.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { manifestPath, readmePath } from "./widgets-readme";

const before = { manifest: readFileSync(manifestPath, "utf8"), readme: readFileSync(readmePath, "utf8") };
execFileSync("npm", ["run", "--silent", "analyze"], { stdio: "inherit" });
const stale = [
  readFileSync(manifestPath, "utf8") === before.manifest ? null : "widgets/custom-elements.json",
  readFileSync(readmePath, "utf8") === before.readme ? null : "widgets/README.md (the element reference)",
].filter((name): name is string => name !== null);

if (stale.length > 0) {
  console.error(`docs:check: out of date: ${stale.join(", ")}.`);
  console.error("`npm run analyze` has just regenerated them from the elements' JSDoc; review and commit the change.");
  process.exit(1);
}
console.log("docs:check: widgets/custom-elements.json and the widgets/README.md element reference are up to date.");
