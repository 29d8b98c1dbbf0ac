/**
 * Realistic-looking text for the synthetic catalogue: paper titles, abstracts, keyword lists,
 * people's names, journal names and long full texts. Everything is drawn from one seeded
 * {@link Random}, so a seed always writes the same words.
 *
 * The frequent search word {@link FREQUENT_WORD} ("species") is never drawn from the word lists;
 * the caller decides which papers mention it (about half), so `/search?q=species` matches a
 * known share of the catalogue.
 */
import { createRandom, type Random, zipfSampler } from "./random.ts";
import {
  ADJECTIVES,
  CONTEXTS,
  FIELDS,
  FILLER,
  FIRST_NAMES,
  KEYWORDS,
  LAST_NAMES,
  NOUNS,
  pseudoWords,
  VERBS,
} from "./words.ts";

export const FREQUENT_WORD = "species";

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export type TextMaker = {
  title: () => string;
  /** 6 to 10 sentences (about 120 to 220 words); mentions {@link FREQUENT_WORD} when asked. */
  abstract: (frequent: boolean) => string;
  /** 3 to 6 keywords joined by "; ", as typed in the single Keywords field. */
  keywords: () => string;
  personName: () => string;
  journalName: () => string;
  /** `words` words of running text in paragraphs; mentions {@link FREQUENT_WORD} when asked. */
  fullText: (words: number, frequent: boolean) => string;
};

/** Text drawn from `random`; the full-text vocabulary is 20,000 words plus the lists' ones. */
export function createTextMaker(random: Random): TextMaker {
  const vocabulary = [...FILLER, ...NOUNS, ...ADJECTIVES, ...VERBS, ...pseudoWords(20_000)];
  // Its own stream, so how many words a full text has does not shift the rest of the catalogue.
  const word = zipfSampler(vocabulary, createRandom(Math.floor(random.next() * 2 ** 31)));

  const title = () => {
    switch (random.int(0, 3)) {
      case 0:
        return `${cap(random.pick(ADJECTIVES))} ${random.pick(NOUNS)} of ${random.pick(NOUNS)} ${random.pick(CONTEXTS)}`;
      case 1:
        return `How ${random.pick(NOUNS)} ${random.pick(VERBS)} ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
      case 2:
        return `${cap(random.pick(NOUNS))} and ${random.pick(NOUNS)}: a ${random.pick(ADJECTIVES)} ${random.pick(["study", "review", "analysis", "reassessment"])}`;
      default:
        return `${cap(random.pick(ADJECTIVES))} ${random.pick(NOUNS)} ${random.pick(VERBS)} ${random.pick(NOUNS)} ${random.pick(CONTEXTS)}`;
    }
  };

  const sentence = () => {
    const parts = [
      cap(random.pick(FILLER)),
      random.pick(ADJECTIVES),
      random.pick(NOUNS),
      random.pick(VERBS),
      random.pick(FILLER),
      random.pick(ADJECTIVES),
      random.pick(NOUNS),
    ];
    for (let i = random.int(4, 16); i > 0; i--) parts.push(word());
    parts.push(random.pick(CONTEXTS));
    return `${parts.join(" ")}.`;
  };

  const abstract = (frequent: boolean) => {
    const sentences: string[] = [];
    for (let i = random.int(6, 10); i > 0; i--) sentences.push(sentence());
    if (frequent) {
      const at = random.int(0, sentences.length - 1);
      sentences[at] =
        `${(sentences[at] as string).slice(0, -1)} among ${random.int(3, 400)} ${FREQUENT_WORD}.`;
    }
    return sentences.join(" ");
  };

  const keywords = () => {
    const chosen = new Set<string>();
    for (let i = random.int(3, 6); i > 0; i--) chosen.add(random.pick(KEYWORDS));
    return [...chosen].join("; ");
  };

  const personName = () => `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;

  const journalName = () =>
    `${random.pick(["Journal of", "Annals of", "Review of", "Studies in", "Bulletin of", "Archives of"])} ${cap(random.pick(ADJECTIVES))} ${random.pick(FIELDS)}`;

  const fullText = (words: number, frequent: boolean) => {
    const mentions = frequent ? random.int(1, 20) : 0;
    const paragraphs: string[] = [];
    let paragraph: string[] = [];
    for (let i = 0; i < words; i++) {
      paragraph.push(word());
      if (paragraph.length >= 120 && random.next() < 0.05) {
        paragraphs.push(`${paragraph.join(" ")}.`);
        paragraph = [];
      }
    }
    if (paragraph.length) paragraphs.push(`${paragraph.join(" ")}.`);
    for (let m = 0; m < mentions; m++) {
      const at = random.int(0, paragraphs.length - 1);
      paragraphs[at] =
        `${paragraphs[at]} The ${FREQUENT_WORD} ${random.pick(NOUNS)} ${random.pick(VERBS)} ${random.pick(NOUNS)}.`;
    }
    return paragraphs.join("\n\n");
  };

  return { title, abstract, keywords, personName, journalName, fullText };
}
