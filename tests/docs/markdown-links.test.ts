/*
 * Every relative link in the project's Markdown leads somewhere: the file exists and, with a
 * `#anchor`, the file has a heading of that name (GitHub's rule: lower case, punctuation dropped,
 * spaces to hyphens). The READMEs and server/docs/ link to each other by section; a moved section
 * must take its links along.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const skipped = new Set(["node_modules", "dist", ".tmp", ".git", "test-results", "playwright-report"]);
/** The shop's own data folder (`npm start`), not the project's. */
const dataFolder = join(root, "data");

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (skipped.has(name) || path === dataFolder) return [];
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const headings = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => headingAnchor(line.replace(/^#+ /, "")));
  return new Set(headings);
}

/** The broken links of one file: `target` as written, and why. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const broken: string[] = [];
  for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
    const [path = "", anchor] = target.split("#");
    const linked = path === "" ? file : resolve(dirname(file), path);
    let exists = true;
    try {
      statSync(linked);
    } catch {
      exists = false;
    }
    if (!exists) broken.push(`${target}: no such file`);
    else if (anchor !== undefined && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) broken.push(`${target}: no such heading`);
  }
  return broken.map((reason) => `${relative(root, file)} → ${reason}`);
}

describe("the project's Markdown links", () => {
  it("lead to files that exist and to headings those files have", () => {
    const files = markdownFiles(root);
    expect(files.length).toBeGreaterThan(8);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });

  it("anchor a heading as GitHub does", () => {
    expect(headingAnchor("Scale (`npm run bench:scale`, issue 17)")).toBe("scale-npm-run-benchscale-issue-17");
    expect(headingAnchor("Deployment: several nodes on one PostgreSQL (issue 18)")).toBe("deployment-several-nodes-on-one-postgresql-issue-18");
    expect(headingAnchor("Topics (server/docs/)")).toBe("topics-serverdocs");
  });
});
