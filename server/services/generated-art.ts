/**
 * Generated artwork for content that comes without images (the corpus has no covers or logos):
 * a scholarly cover for a journal, an issue or a proceeding (PNG, 600×800, portrait 3:4) and a
 * monogram roundel for a partner institution (PNG, 512×512, transparent corners).
 *
 * Colours derive from the name, so a journal's covers share its colour and a re-import draws the
 * same picture. Text is set by Pango through sharp (fontconfig fonts: DejaVu Serif and Sans, as
 * `.ci/run` installs them), which wraps and measures it, so long names fit their box.
 * Callers store the PNGs with `storeImage`, which adds the WebP derivatives uploads get.
 */
import { createHash } from "node:crypto";
import sharp, { type OverlayOptions } from "sharp";

const COVER = { width: 600, height: 800 } as const;
const MONOGRAM = 512;
const SERIF = "DejaVu Serif";
const SANS = "DejaVu Sans";

/** A deep, muted background and the cream ink drawn on it. */
export type Palette = { top: string; bottom: string; ink: string; accent: string };

/** Palette derived from `name`: a hue from its hash, at low saturation and lightness. */
export function paletteFor(name: string): Palette {
  const hash = createHash("sha256").update(name.trim().toLowerCase()).digest();
  const hue = Math.round((hash.readUInt16BE(0) / 65_536) * 360);
  const saturation = 32 + (hash[2]! % 14);
  return {
    top: hsl(hue, saturation, 27),
    bottom: hsl(hue, saturation + 4, 17),
    ink: "#f4ecd8",
    accent: hsl((hue + 35) % 360, 48, 70),
  };
}

/** `#rrggbb` of an HSL colour (Pango markup takes hex colours only). */
function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Escapes text for SVG and Pango markup alike. */
function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

type TextBlock = { input: Buffer; width: number; height: number };

/**
 * Renders `text` with Pango: centred, wrapped at word boundaries within `width` pixels.
 * `size` is in pixels (Pango points at 72 dpi); `spacing` is extra letter spacing in pixels.
 */
async function textBlock(
  text: string,
  options: {
    font: string;
    size: number;
    width: number;
    color: string;
    spacing?: number;
    lineSpacing?: number;
  },
): Promise<TextBlock> {
  const letter = options.spacing ? ` letter_spacing="${Math.round(options.spacing * 1024)}"` : "";
  const image = sharp({
    text: {
      text: `<span foreground="${options.color}"${letter}>${escapeMarkup(text)}</span>`,
      font: `${options.font} ${options.size}`,
      width: options.width,
      dpi: 72,
      align: "centre",
      wrap: "word",
      rgba: true,
      spacing: options.lineSpacing ?? 0,
    },
  });
  const input = await image.png().toBuffer();
  const meta = await sharp(input).metadata();
  return { input, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** The largest size from `sizes` at which `text` fits in `width` × `maxHeight`. */
async function fittedText(
  text: string,
  font: string,
  sizes: readonly number[],
  width: number,
  maxHeight: number,
  color: string,
): Promise<TextBlock> {
  let block: TextBlock | undefined;
  for (const size of sizes) {
    block = await textBlock(text, {
      font,
      size,
      width,
      color,
      lineSpacing: Math.round(size * 0.18),
    });
    if (block.height <= maxHeight && block.width <= width) return block;
  }
  return block!;
}

/** Places `block` centred horizontally with its top at `top`. */
function centred(block: TextBlock, top: number, canvasWidth = COVER.width): OverlayOptions {
  return {
    input: block.input,
    left: Math.max(0, Math.round((canvasWidth - block.width) / 2)),
    top: Math.round(top),
  };
}

/** The `<defs>` of the palette's top-to-bottom gradient (`url(#bg)`) that fills the backgrounds. */
function backgroundGradient(p: Palette): string {
  return `  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.top}"/>
      <stop offset="1" stop-color="${p.bottom}"/>
    </linearGradient>
  </defs>`;
}

/** Background, double frame, rules and the emblem of an open book in a roundel. */
function coverBackground(p: Palette): Buffer {
  const { width: w, height: h } = COVER;
  const cx = w / 2;
  const ey = 545;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${backgroundGradient(p)}
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect x="24" y="24" width="${w - 48}" height="${h - 48}" fill="none" stroke="${p.ink}" stroke-opacity="0.85" stroke-width="2"/>
  <rect x="33" y="33" width="${w - 66}" height="${h - 66}" fill="none" stroke="${p.ink}" stroke-opacity="0.55" stroke-width="0.8"/>
  <line x1="${cx - 60}" y1="112" x2="${cx + 60}" y2="112" stroke="${p.accent}" stroke-width="1.5"/>
  <circle cx="${cx}" cy="${ey}" r="44" fill="none" stroke="${p.accent}" stroke-width="1.6"/>
  <circle cx="${cx}" cy="${ey}" r="38" fill="none" stroke="${p.accent}" stroke-opacity="0.6" stroke-width="0.8"/>
  <path d="M ${cx} ${ey + 14} C ${cx - 8} ${ey + 8}, ${cx - 20} ${ey + 8}, ${cx - 26} ${ey + 12} L ${cx - 26} ${ey - 12} C ${cx - 20} ${ey - 16}, ${cx - 8} ${ey - 16}, ${cx} ${ey - 10} Z
           M ${cx} ${ey + 14} C ${cx + 8} ${ey + 8}, ${cx + 20} ${ey + 8}, ${cx + 26} ${ey + 12} L ${cx + 26} ${ey - 12} C ${cx + 20} ${ey - 16}, ${cx + 8} ${ey - 16}, ${cx} ${ey - 10} Z"
        fill="none" stroke="${p.ink}" stroke-width="1.6" stroke-linejoin="round"/>
  <line x1="${cx}" y1="${ey - 10}" x2="${cx}" y2="${ey + 14}" stroke="${p.ink}" stroke-width="1.2"/>
  <line x1="${cx - 70}" y1="${h - 62}" x2="${cx + 70}" y2="${h - 62}" stroke="${p.accent}" stroke-width="1"/>
</svg>`);
}

type CoverText = {
  /** Colour source: covers of one journal share its colour. */
  colorKey: string;
  /** Small capitals line at the top (publisher or kind). */
  kicker: string;
  /** The name, large. */
  title: string;
  /** Lines under the emblem: first large, the rest smaller. */
  lines: string[];
};

async function coverPng(text: CoverText): Promise<Buffer> {
  const p = paletteFor(text.colorKey);
  const overlays: OverlayOptions[] = [];

  const kicker = await fittedText(
    text.kicker.toUpperCase(),
    SANS,
    [15, 13, 11],
    COVER.width - 120,
    44,
    p.ink,
  );
  overlays.push(centred(kicker, 96 - kicker.height));

  // The title sits in the band between the top rule and the emblem, centred vertically.
  const band = { top: 140, bottom: 480 };
  const title = await fittedText(
    text.title,
    `${SERIF} Bold`,
    [62, 56, 50, 44, 40, 36, 32, 28],
    COVER.width - 130,
    band.bottom - band.top,
    p.ink,
  );
  overlays.push(centred(title, band.top + (band.bottom - band.top - title.height) / 2));

  let y = 618;
  for (const [i, line] of text.lines.entries()) {
    const block = await textBlock(line, {
      font: i === 0 ? `${SERIF} Bold` : SERIF,
      size: i === 0 ? 34 : 24,
      width: COVER.width - 120,
      color: i === 0 ? p.ink : p.accent,
    });
    overlays.push(centred(block, y));
    y += block.height + 10;
  }

  return sharp(coverBackground(p))
    .composite(overlays)
    .png({ compressionLevel: 6, palette: false })
    .toBuffer();
}

/**
 * Cover of a journal: publisher at the top, the name, and the ISSN (when known) below.
 * @returns PNG bytes, 600×800.
 */
export function journalCoverPng(journal: {
  name: string;
  publisher?: string | null;
  issn?: string | null;
}): Promise<Buffer> {
  return coverPng({
    colorKey: journal.name,
    kicker: journal.publisher || "Journal",
    title: journal.name,
    lines: journal.issn ? [`ISSN ${journal.issn}`] : [],
  });
}

/**
 * Cover of an issue in its journal's colour: journal name, `Vol. x No. y` (`Vol. x` when the
 * issue has no number, `number` null; decision 185) and the year.
 * @returns PNG bytes, 600×800.
 */
export function issueCoverPng(issue: {
  journalName: string;
  publisher?: string | null;
  volume: string;
  number: string | null;
  year: number | string;
}): Promise<Buffer> {
  return coverPng({
    colorKey: issue.journalName,
    kicker: issue.publisher || "Journal",
    title: issue.journalName,
    lines: [
      issue.number === null ? `Vol. ${issue.volume}` : `Vol. ${issue.volume} No. ${issue.number}`,
      String(issue.year),
    ],
  });
}

/**
 * Cover of a conference proceeding: the event, the proceedings' title, place and year.
 * @returns PNG bytes, 600×800.
 */
export function proceedingCoverPng(proceeding: {
  eventName: string;
  title: string;
  year: number | string;
  location?: string | null;
}): Promise<Buffer> {
  return coverPng({
    colorKey: proceeding.eventName,
    kicker: "Proceedings",
    title: proceeding.title,
    lines: [
      proceeding.eventName,
      [proceeding.location, proceeding.year].filter(Boolean).join(", "),
    ],
  });
}

const MINOR_WORDS = new Set([
  "of",
  "the",
  "and",
  "for",
  "in",
  "at",
  "on",
  "de",
  "des",
  "du",
  "la",
  "le",
  "di",
  "della",
  "del",
  "y",
  "e",
  "&",
  "für",
  "und",
  "der",
]);

/**
 * Initials of an institution for its monogram: an acronym the name starts with (`ETH Zurich` →
 * `ETH`, `INSERM`), otherwise the first letters of up to three significant
 * words (`University of California, Irvine` → `UCI`).
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/['’]/g, "")
    .replace(/[“”"()]/g, " ")
    .split(/[\s,/–—-]+/)
    .filter(Boolean);
  const first = words[0] ?? "";
  const acronym = first.replace(/\./g, "");
  if (/^[A-Z]{2,6}$/.test(acronym)) return acronym;
  const letters = words
    .filter((w) => !MINOR_WORDS.has(w.toLowerCase()) && /\p{L}/u.test(w))
    .map((w) => (w.match(/\p{L}/u)?.[0] ?? "").toUpperCase());
  return letters.slice(0, 3).join("") || "?";
}

/**
 * Monogram of a partner institution: its initials in a roundel with an inner ring.
 * @returns PNG bytes, 512×512 with transparent corners.
 */
export async function monogramPng(name: string): Promise<Buffer> {
  const p = paletteFor(name);
  const c = MONOGRAM / 2;
  const ring =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${MONOGRAM}" height="${MONOGRAM}">
${backgroundGradient(p)}
  <circle cx="${c}" cy="${c}" r="${c - 8}" fill="url(#bg)"/>
  <circle cx="${c}" cy="${c}" r="${c - 30}" fill="none" stroke="${p.ink}" stroke-width="3"/>
  <circle cx="${c}" cy="${c}" r="${c - 40}" fill="none" stroke="${p.accent}" stroke-width="1.2"/>
</svg>`);
  const initials = initialsOf(name);
  const size = [0, 190, 170, 134, 104, 86, 72][initials.length] ?? 72;
  const text = await fittedText(
    initials,
    `${SERIF} Bold`,
    [size, size - 16, size - 32],
    MONOGRAM - 130,
    MONOGRAM - 150,
    p.ink,
  );
  return sharp(ring)
    .composite([
      {
        input: text.input,
        left: Math.round((MONOGRAM - text.width) / 2),
        top: Math.round((MONOGRAM - text.height) / 2),
      },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
}
