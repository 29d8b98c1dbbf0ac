/**
 * Word lists for the synthetic catalogue of `npm run bench:scale` (scripts/bench/catalogue.ts):
 * the vocabulary of titles, abstracts and keywords, author and editor names, institutions and
 * journal subjects. Plain English words; the long tail of the full text is made of generated
 * pseudo-words (see `pseudoWords`), so the search index has a realistic vocabulary size.
 */
import type { Frequency, SubjectKey } from "../../shared/constants.ts";

export const ADJECTIVES = (
  "adaptive comparative longitudinal spatial temporal molecular cellular genetic social cultural " +
  "historical political economic ecological environmental clinical experimental theoretical " +
  "computational statistical empirical qualitative quantitative structural functional regional " +
  "urban rural marine coastal tropical arctic alpine microbial neural cognitive linguistic " +
  "philosophical ethical moral aesthetic literary musical visual digital algorithmic robust " +
  "scalable distributed parallel nonlinear stochastic dynamic static global local early late " +
  "modern medieval ancient classical contemporary critical systematic integrative"
).split(" ");

export const NOUNS = (
  "analysis model framework approach evidence patterns dynamics structure function evolution " +
  "diversity variation adaptation regulation expression signalling networks pathways mechanisms " +
  "populations communities habitats landscapes climate drought rainfall temperature soil forests " +
  "rivers wetlands oceans sediments minerals proteins enzymes genomes cells tissues neurons memory " +
  "perception language grammar narrative poetry drama painting architecture music ritual religion " +
  "identity migration labour markets trade policy governance institutions education health " +
  "disease infection immunity vaccines therapy outcomes risk inequality poverty justice rights " +
  "knowledge truth reason virtue consciousness causation probability inference estimation " +
  "optimisation algorithms computation learning representation simulation measurement sensors " +
  "materials catalysis energy batteries polymers crystals surfaces waves particles fields"
).split(" ");

export const VERBS = (
  "reveals shapes predicts explains constrains drives modulates limits enhances reduces " +
  "transforms reflects mediates supports challenges extends clarifies determines influences " +
  "accompanies"
).split(" ");

export const CONTEXTS = (
  "in the Mediterranean|across Europe|in sub-Saharan Africa|in East Asia|in the Andes|" +
  "in early modern England|in ancient Greece|in the twentieth century|in urban schools|" +
  "in rural households|under climate change|in laboratory mice|in human populations|" +
  "in coastal ecosystems|in small island states|during the Enlightenment|in post-war Japan|" +
  "in the Amazon basin|in temperate forests|in primary care|in online communities|" +
  "in medieval manuscripts|at high altitude|in the deep sea"
).split("|");

/** Keywords as managers type them; one of these lists 3 to 6 per paper. */
export const KEYWORDS = (
  "biodiversity|phylogenetics|population genetics|ecology|conservation|climate change|" +
  "machine learning|deep learning|neural networks|statistics|Bayesian inference|epidemiology|" +
  "public health|immunology|neuroscience|cognition|linguistics|syntax|semantics|ethics|" +
  "epistemology|metaphysics|aesthetics|philosophy of mind|political theory|history of science|" +
  "archaeology|anthropology|sociology|economics|development|education|literature|poetry|" +
  "art history|musicology|architecture|urban studies|geography|hydrology|oceanography|" +
  "geochemistry|materials science|catalysis|energy storage|photonics|quantum computing|" +
  "robotics|algorithms|cryptography|software engineering|databases|mathematics|topology|" +
  "number theory|cell biology|molecular biology|genomics|proteomics|microbiology|virology|" +
  "plant biology|zoology|evolution|behaviour"
).split("|");

export const FIRST_NAMES = (
  "Ada Alan Amara Ana Andrei Anika Aram Ayesha Beatriz Bo Carlos Chen Chiara Chidi Clara Daniel " +
  "Dawit Elena Emeka Emma Fatima Felix Grace Hana Hiro Ibrahim Ines Ingrid Ivan Jamal Jana Javier " +
  "Jin Joao Julia Kai Karim Kenji Lars Laura Leila Li Lucia Luis Maria Mariam Marta Mateo Mei " +
  "Mohammed Nadia Naledi Nikos Noor Olga Omar Pablo Priya Rahul Rosa Sami Sara Sofia Sven Tariq " +
  "Thandiwe Tomas Valentina Wei Yara Yusuf Zainab Zhang Zofia"
).split(" ");

export const LAST_NAMES = (
  "Abebe Adeyemi Ahmed Alvarez Andersen Bianchi Brown Chen Costa Dubois Eriksson Fernandez " +
  "Fischer Garcia Gonzalez Gupta Haddad Hansen Hernandez Hoffmann Ibrahim Ito Ivanova Jansen " +
  "Jones Kim Kowalski Kumar Larsen Lee Li Lopez Martin Martinez Meyer Mohammed Moreau Muller " +
  "Nakamura Nguyen Novak Okafor Olsen Patel Pereira Petrov Popescu Rahman Reddy Rossi Santos " +
  "Sato Schmidt Silva Singh Smith Suzuki Tanaka Taylor Thompson Wang Weber Williams Wilson Wu " +
  "Yamamoto Yilmaz Zhang Zhou"
).split(" ");

export const INSTITUTIONS = (
  "University of Lagos|University of Oslo|Universidad de Chile|Kyoto University|" +
  "University of Cape Town|ETH Zurich|University of Toronto|Sorbonne University|" +
  "National University of Singapore|University of Melbourne|Heidelberg University|" +
  "University of Nairobi|Universidade de São Paulo|Seoul National University|" +
  "University of Edinburgh|Charles University|Indian Institute of Science|Tsinghua University|" +
  "University of Warsaw|McGill University|Utrecht University|University of Ghana|" +
  "American University of Beirut|Stockholm University|University of Auckland"
).split("|");

export const SUBJECTS: SubjectKey[] = [
  "philosophy",
  "science-technology",
  "arts-humanities",
  "more",
];

export const FREQUENCIES: Frequency[] = [
  "monthly",
  "bimonthly",
  "quartely",
  "semiannualy",
  "annualy",
];

/** Nouns for journal names ("Journal of Comparative Ecology"). */
export const FIELDS = (
  "Ecology|Philosophy|Linguistics|Neuroscience|History|Economics|Mathematics|Chemistry|Physics|" +
  "Geography|Sociology|Musicology|Archaeology|Education|Epidemiology|Microbiology|Botany|" +
  "Zoology|Literature|Ethics|Computing|Engineering|Materials|Oceanography|Anthropology|" +
  "Law|Medicine|Psychology|Astronomy|Genetics"
).split("|");

/** Common English words that fill the running text of abstracts and full texts. */
export const FILLER = (
  "the of and to in a is that for it as with was on be by this are from at or an which we these " +
  "have has not were their its also but between our more than both each other such results data " +
  "study studies shown found observed suggest show may can however using used use two three " +
  "first second new high low large small significant different similar within across among " +
  "during after before under over further whether these those where when while because thus " +
  "therefore although although indeed here there only most many several"
).split(" ");

const SYLLABLES = (
  "ka lo mi nu se ta ri vo pe da gu zo fi ne sa tu ber lan mor tis ven gal dor pri stra col " +
  "mun tel"
).split(" ");

/**
 * `count` distinct lower-case pseudo-words of 2 to 4 syllables (the numbers from 30 written in
 * base 30 with syllables as digits), the same ones on every call: the long tail of a real full
 * text's vocabulary (rare terms, names, jargon).
 */
export function pseudoWords(count: number): string[] {
  const out: string[] = [];
  const n = SYLLABLES.length;
  for (let i = n; out.length < count; i++) {
    let word = "";
    for (let rest = i; rest > 0; rest = Math.floor(rest / n)) word += SYLLABLES[rest % n];
    out.push(word);
  }
  return out;
}
