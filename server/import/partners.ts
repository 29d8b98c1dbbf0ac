/**
 * Partner institutions from the corpus affiliations (docs/product/overview.md: "About 27 are listed"):
 * the organisation of each affiliation — the university, institute, hospital or corporation,
 * not the department — counted over every author and editor, most frequent first.
 */

/** One affiliation as the importer has it: printed text, plus marked-up organisations if any. */
export type AffiliationSource = { text: string; organisations?: string[] };

export type RankedInstitution = {
  name: string;
  /** Author and editor affiliations naming it. */
  count: number;
};

/** Kinds of organisation, best first; a segment matching none is a department or an address. */
const KINDS: RegExp[] = [
  /\bUniv(ersit(y|ät|é|és|à|at|eit|ade|ad)|\.)?\b/i,
  /\b(Institut[eo]?|Istituto|INSERM|CNRS|Foundation|Fundação|Fondation|Laborator(y|ies)|Organi[sz]ation|Corporation|Company|Inc\.?|Ltd\.?|Council|Academy|Max Planck|Museum)\b/i,
  /\b(College|School|Faculty)\b/i,
  /\b(Hospital|Medical Cent(er|re)|Cent(er|re)|Clinic|Klinik)\b/i,
];

/** Segments naming a part of an organisation rather than the organisation. */
const UNIT =
  /^(the\s+)?(Department|Dept\.?|Division|Section|Unit|Program(me)?|Graduate|Laboratory of|Lab of|Faculty of|School of|Centre for|Center for|Radiology Department|[\w\s]+ Department$|[\w\s]+ Division$)/i;

/** Self-styled short names that stand for a longer name used elsewhere in the corpus. */
const ALIASES: Record<string, string> = {
  UCL: "University College London",
};

function kindOf(segment: string): number {
  const index = KINDS.findIndex((k) => k.test(segment));
  return index === -1 ? KINDS.length : index;
}

/** Cuts street addresses, postcodes and faculty tails: "Jeju National University School of Medicine" → "Jeju National University". */
function tidy(segment: string): string {
  return segment
    .replace(/\s+(Via|Viale|Piazza|Campo|Rue|Avenue|Street|Calle|Str\.)\s.*$/i, "")
    .replace(/\s+[A-Z]?-?\d[\d\s-]*$/, "")
    .replace(
      /^(.*\bUniversity)\s+(School of|College of|Faculty of|Medical School|Medical Faculty|Medical College|Hospital)\b.*$/i,
      "$1",
    )
    .replace(/^(.*\bUniversity)\s+[A-Z][a-z]+$/, "$1")
    .replace(/^[\s,;]+|[\s,;.]+$/g, "");
}

function best(candidates: string[]): string | null {
  let chosen: string | null = null;
  let chosenKind = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const kind =
      UNIT.test(candidate) && kindOf(candidate) > 0 ? KINDS.length + 1 : kindOf(candidate);
    if (kind < chosenKind) {
      chosen = candidate;
      chosenKind = kind;
    }
  }
  return chosen;
}

/**
 * The organisation an affiliation names, e.g.
 * "Department of Physics, Clark University, Worcester, Massachusetts, United States of America"
 * → "Clark University"; "Museum of Vertebrate Zoology …, University of California, Berkeley, …"
 * → "University of California, Berkeley" (the University of California's campuses are
 * institutions of their own). Null when nothing in it looks like one.
 */
export function organisationOf(aff: AffiliationSource): string | null {
  const segments = aff.text
    .split(/\s*[,;]\s*/)
    .map((s) => ALIASES[s.trim()] ?? s.trim())
    .filter(Boolean);
  const marked = (aff.organisations ?? []).map((o) => ALIASES[o] ?? o);
  let chosen = marked.length ? (best(marked) ?? marked[0]!) : best(segments);
  if (chosen && kindOf(chosen) === KINDS.length && !marked.length) {
    // Nothing looked like an organisation: take the first segment that is not a department.
    chosen = segments.slice(0, -1).find((s) => !UNIT.test(s)) ?? null;
  }
  if (!chosen) return null;
  chosen = tidy(chosen.split(/\s*,\s*/)[0]!);
  if (/^University of California$/i.test(chosen)) {
    const at = segments.findIndex((s) => /^University of California$/i.test(s));
    const campus = at >= 0 ? segments[at + 1] : undefined;
    if (campus && !/^(California|United States.*|USA|U\.S\.A\.)$/i.test(campus)) {
      chosen = `${chosen}, ${campus}`;
    }
  }
  return chosen.length >= 3 ? chosen : null;
}

function key(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’‘`]/g, "'")
    .replace(/^the\s+/i, "")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/**
 * Institutions named by `affiliations`, most frequent first (ties: alphabetical), at most `limit`.
 * Spellings that differ only in case, accents or a leading "The" count as one.
 */
export function rankInstitutions(
  affiliations: Iterable<AffiliationSource>,
  limit = 27,
): RankedInstitution[] {
  const counts = new Map<string, { names: Map<string, number>; count: number }>();
  for (const aff of affiliations) {
    const name = organisationOf(aff);
    if (!name) continue;
    const k = key(name);
    const entry = counts.get(k) ?? { names: new Map(), count: 0 };
    entry.count++;
    entry.names.set(name, (entry.names.get(name) ?? 0) + 1);
    counts.set(k, entry);
  }
  return [...counts.values()]
    .map((e) => ({
      name: [...e.names.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0],
      count: e.count,
    }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, limit);
}
