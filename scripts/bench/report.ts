/**
 * The table `npm run bench:scale` prints: one row per figure with its target and whether it is
 * met. Rows without a target are context (printed with "-" as the target and no verdict).
 */

export type Row = {
  what: string;
  figure: string;
  target: string;
  /** true met, false missed, null: no target (context) or not measured. */
  ok: boolean | null;
};

/** Prints `rows` as an aligned plain-text table and a summary line of missed targets. */
export function printTable(title: string, rows: Row[]): void {
  const width = (pick: (r: Row) => string, header: string) =>
    Math.max(header.length, ...rows.map((r) => pick(r).length));
  const w = [
    width((r) => r.what, "what"),
    width((r) => r.figure, "figure"),
    width((r) => r.target, "target"),
  ];
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w[0] as number)}  ${b.padEnd(w[1] as number)}  ${c.padEnd(w[2] as number)}  ${d}`;
  console.log(`\n${title}\n`);
  console.log(line("what", "figure", "target", "ok"));
  console.log(
    line(
      "-".repeat(w[0] as number),
      "-".repeat(w[1] as number),
      "-".repeat(w[2] as number),
      "------",
    ),
  );
  for (const r of rows) {
    console.log(line(r.what, r.figure, r.target, r.ok === null ? "" : r.ok ? "ok" : "MISSED"));
  }
  const missed = rows.filter((r) => r.ok === false);
  console.log(
    missed.length
      ? `\n${missed.length} target(s) missed: ${missed.map((r) => r.what).join("; ")}`
      : "\nEvery measured target is met.",
  );
}
