/*
 * The goal table every bench ends with (issue 31): one row per figure, the measured value beside
 * its reference measured in the same run, the ratio, the goal and whether it is met. Printed as a
 * Markdown table, so the README's performance section is the benches' own output.
 */

export interface GoalRow {
  /** What is measured, in the shop's words: "SSR /catalog, CPU per request". */
  figure: string;
  /** The measured value with its unit: "4.1 ms". */
  measured: string;
  /** The reference from the same run with its unit: "0.8 ms (renderToString)". */
  reference: string;
  /** measured ÷ reference (or the inverse where the goal says so), as the goal reads it. */
  ratio: number;
  /** The goal as written in the issue: "≤ 8×". */
  goal: string;
  /** null: a figure reported with no goal set (the last column then says so). */
  met: boolean | null;
}

/** Prints the rows as a Markdown table under a heading; returns true when every goal set is met. */
export function printGoalTable(title: string, rows: readonly GoalRow[]): boolean {
  const lines = [
    "",
    `### ${title}`,
    "",
    "| figure | measured | reference (same run) | ratio | goal | |",
    "|---|---|---|---|---|---|",
    ...rows.map((row) => `| ${row.figure} | ${row.measured} | ${row.reference} | ${formatRatio(row.ratio)} | ${row.goal} | ${row.met === null ? "reported" : row.met ? "met" : "**missed**"} |`),
    "",
  ];
  console.log(lines.join("\n"));
  return rows.every((row) => row.met !== false);
}

function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return "—";
  return `${ratio >= 100 ? ratio.toFixed(0) : ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}
