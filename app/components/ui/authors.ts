/** Author names of a paper as one line: `A, B and C`. */
export function authorLine(authors: { name: string }[]): string {
  const names = authors.map((a) => a.name).filter(Boolean);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
