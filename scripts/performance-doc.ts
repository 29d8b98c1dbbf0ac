/**
 * The form of docs/performance.md (issue 35, decision 553), checked by scripts/check-docs.ts:
 * - a `## Current figures` section whose table has the columns {@link COLUMNS}, every row filled
 *   (a date `YYYY-MM-DD`, a command in backticks);
 * - then `## Archive`, whose `### ` records carry a date `(YYYY-MM-DD` in their heading (the
 *   branch point's record, which has none, may only be last) and go newest first.
 */

/** The columns of the current figures' table, in order. */
export const COLUMNS = ["figure", "value", "target", "date", "commit", "load", "command"];

/** The cells of a Markdown table row (`| a | b |` → `["a", "b"]`). */
function cells(row: string): string[] {
  return row
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

/** What is wrong with `text`, the content of docs/performance.md, one line per problem. */
export function performanceProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split("\n");
  const current = lines.indexOf("## Current figures");
  const archive = lines.indexOf("## Archive");
  if (current < 0) return ['no "## Current figures" section'];
  if (archive < current) return ['no "## Archive" section after "## Current figures"'];
  const table = lines.slice(current, archive).filter((line) => line.startsWith("|"));
  if (cells(table[0] ?? "").join() !== COLUMNS.join()) {
    problems.push(`the current figures' columns are not: ${COLUMNS.join(", ")}`);
  }
  table.slice(2).forEach((row, i) => {
    const [figure, , , date, , , command] = cells(row);
    const what = `current figures, row ${i + 1} (${figure})`;
    if (cells(row).length !== COLUMNS.length || cells(row).some((cell) => cell === "")) {
      problems.push(`${what}: not ${COLUMNS.length} filled cells`);
    } else if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? "")) problems.push(`${what}: no date`);
    else if (!command?.includes("`")) problems.push(`${what}: no command`);
  });
  let previous = "9999-12-31";
  let undated = false;
  for (const line of lines.slice(archive + 1)) {
    if (!line.startsWith("### ")) continue;
    const date = /\((\d{4}-\d{2}-\d{2})/.exec(line)?.[1];
    if (undated) problems.push(`archive: "${line}" after the undated record`);
    if (!date) undated = true;
    else if (date > previous) problems.push(`archive: "${line}" is newer than the one above`);
    else previous = date;
  }
  return problems;
}
