/**
 * Creative Commons licences (https://creativecommons.org/licenses/): their URLs, names, short
 * labels and badges, for the paper and journal licence fields (decision 255) and every writer
 * that names a licence (`<link rel="license">`, DC.rights, JSON-LD `license`, oai_dc
 * `dc:rights`, JATS `<license>`/`ali:license_ref`, Crossref, DOAJ).
 *
 * A licence is stored as its canonical URL: https, `creativecommons.org`, the licence path with
 * its trailing slash, a jurisdiction port kept (`/by/3.0/us/`), `legalcode`/`deed.xx` pages
 * dropped. Sources spell the same licence several ways (`http://creativecommons.org/licenses/
 * by/4.0`, `…/by/4.0/legalcode`); {@link canonicalLicenceUrl} maps them to one.
 *
 * Pure data and functions, no zod (the schema is `licenceUrlSchema` in shared/schemas.ts). A
 * licence's `name` is its English name, for the metadata writers; people read it in their
 * language through {@link licenceName} (catalogue messages, decision 382).
 */
import { msg } from "./i18n/messages.ts";
import type { Translate } from "./i18n/translator.ts";

/** The licence elements of a CC licence code, in the order the code names them. */
export type LicenceElement = "by" | "nc" | "nd" | "sa";

/** A recognised Creative Commons licence or public-domain tool. */
export type CreativeCommonsLicence = {
  /** Canonical URL, e.g. `https://creativecommons.org/licenses/by/4.0/`. */
  url: string;
  /** `by`, `by-nc-sa`, …, `cc0` (CC0 1.0) or `pdm` (Public Domain Mark 1.0). */
  code: string;
  /** `4.0`, `3.0`, … */
  version: string;
  /** Port of a licence to a jurisdiction (`us`, `igo`), or null for the international/unported one. */
  jurisdiction: string | null;
  /** Short label as CC writes it: `CC BY 4.0`, `CC BY-NC-SA 3.0 US`, `CC0 1.0`. */
  label: string;
  /** Full English name: `Creative Commons Attribution 4.0 International` (metadata). */
  name: string;
  /**
   * The badge's name as Creative Commons' buttons name them (`by-nc-sa`, `cc-zero`,
   * `publicdomain`): the 88×31 button is `https://licensebuttons.net/l/{badge}/{version}/88x31.png`
   * (`/p/zero/1.0/…` for CC0, `/p/mark/1.0/…` for the mark); pages should ship a copy rather than
   * load it from there.
   */
  badge: string;
  /** The icons of the licence, in order: `cc`, then `by`, `nc`, `nd`, `sa`; `zero` or `pd`. */
  icons: string[];
};

const ELEMENT_NAMES: Record<LicenceElement, string> = {
  by: "Attribution",
  nc: "NonCommercial",
  nd: "NoDerivatives",
  sa: "ShareAlike",
};

/** The six licence codes Creative Commons offers. */
export const CC_LICENCE_CODES = ["by", "by-sa", "by-nd", "by-nc", "by-nc-sa", "by-nc-nd"] as const;

const VERSIONS = new Set(["1.0", "2.0", "2.1", "2.5", "3.0", "4.0"]);

/** The Creative Commons host and path of a URL, or null for any other URL. */
function ccPath(url: string): string[] | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(parsed.protocol)) return null;
  if (!/^(?:www\.)?creativecommons\.org$/i.test(parsed.hostname)) return null;
  return parsed.pathname
    .toLowerCase()
    .split("/")
    .filter((part) => part !== "");
}

/**
 * The licence a URL names, or null when it is not a Creative Commons licence URL CC publishes
 * (`licenses/{code}/{version}/[{jurisdiction}/]`, `publicdomain/zero/1.0/`,
 * `publicdomain/mark/1.0/`, optionally followed by `legalcode…` or `deed…`).
 */
export function parseLicenceUrl(url: string | null | undefined): CreativeCommonsLicence | null {
  const parts = url ? ccPath(url) : null;
  if (!parts) return null;
  const rest = (from: number) =>
    parts.slice(from).filter((p) => !/^(legalcode|deed)(\.|$)/.test(p) && p !== "rdf");
  if (parts[0] === "publicdomain" && (parts[1] === "zero" || parts[1] === "mark")) {
    const version = parts[2];
    if (version !== "1.0" || rest(3).length > 0) return null;
    const zero = parts[1] === "zero";
    return {
      url: `https://creativecommons.org/publicdomain/${parts[1]}/1.0/`,
      code: zero ? "cc0" : "pdm",
      version,
      jurisdiction: null,
      label: zero ? "CC0 1.0" : "Public Domain Mark 1.0",
      name: zero ? "CC0 1.0 Universal" : "Public Domain Mark 1.0",
      badge: zero ? "cc-zero" : "publicdomain",
      icons: zero ? ["cc", "zero"] : ["pd"],
    };
  }
  if (parts[0] !== "licenses") return null;
  const code = parts[1] ?? "";
  const version = parts[2] ?? "";
  if (!(CC_LICENCE_CODES as readonly string[]).includes(code) || !VERSIONS.has(version)) {
    return null;
  }
  const tail = rest(3);
  if (tail.length > 1 || (tail[0] !== undefined && !/^[a-z]{2,3}$/.test(tail[0]))) return null;
  const jurisdiction = tail[0] ?? null;
  const elements = code.split("-") as LicenceElement[];
  const where = jurisdiction
    ? jurisdiction.toUpperCase()
    : version === "4.0"
      ? "International"
      : version === "3.0"
        ? "Unported"
        : "Generic";
  return {
    url: `https://creativecommons.org/licenses/${code}/${version}/${jurisdiction ? `${jurisdiction}/` : ""}`,
    code,
    version,
    jurisdiction,
    label: `CC ${code.toUpperCase()} ${version}${jurisdiction ? ` ${jurisdiction.toUpperCase()}` : ""}`,
    name: `Creative Commons ${elements.map((e) => ELEMENT_NAMES[e]).join("-")} ${version} ${where}`,
    badge: code,
    icons: ["cc", ...elements],
  };
}

/**
 * The canonical form of a licence URL: a Creative Commons URL as {@link parseLicenceUrl} gives
 * it; any other URL trimmed and otherwise as given (imported papers may carry a publisher's own
 * licence page); null for empty input.
 */
export function canonicalLicenceUrl(url: string | null | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  return parseLicenceUrl(text)?.url ?? text;
}

/** True when `url` is a Creative Commons licence or public-domain tool URL. */
export function isCreativeCommonsUrl(url: string | null | undefined): boolean {
  return parseLicenceUrl(url) !== null;
}

/** The licences the journal and paper forms offer, most open first (CC's current 4.0 suite and CC0). */
export const LICENCE_CHOICES: readonly CreativeCommonsLicence[] = [
  "https://creativecommons.org/licenses/by/4.0/",
  "https://creativecommons.org/licenses/by-sa/4.0/",
  "https://creativecommons.org/licenses/by-nd/4.0/",
  "https://creativecommons.org/licenses/by-nc/4.0/",
  "https://creativecommons.org/licenses/by-nc-sa/4.0/",
  "https://creativecommons.org/licenses/by-nc-nd/4.0/",
  "https://creativecommons.org/publicdomain/zero/1.0/",
].map((url) => parseLicenceUrl(url)!);

/**
 * The full name of `licence` for people, with `t` in their language (`Creative Commons
 * Attribution 4.0 International`; Creative Commons publishes its deeds translated, names
 * included). The version and a port's jurisdiction code stay as they are.
 */
export function licenceName(licence: CreativeCommonsLicence, t: Translate): string {
  const version = licence.version;
  const port = licence.jurisdiction
    ? licence.jurisdiction.toUpperCase()
    : version === "4.0"
      ? t("International")
      : version === "3.0"
        ? t("Unported")
        : t("Generic");
  switch (licence.code) {
    case "cc0":
      return t("CC0 1.0 Universal");
    case "pdm":
      return t("Public Domain Mark 1.0");
    case "by":
      return t("Creative Commons Attribution {version} {port}", { version, port });
    case "by-sa":
      return t("Creative Commons Attribution-ShareAlike {version} {port}", { version, port });
    case "by-nd":
      return t("Creative Commons Attribution-NoDerivatives {version} {port}", { version, port });
    case "by-nc":
      return t("Creative Commons Attribution-NonCommercial {version} {port}", { version, port });
    case "by-nc-sa":
      return t("Creative Commons Attribution-NonCommercial-ShareAlike {version} {port}", {
        version,
        port,
      });
    case "by-nc-nd":
      return t("Creative Commons Attribution-NonCommercial-NoDerivatives {version} {port}", {
        version,
        port,
      });
    default:
      return licence.name;
  }
}

/** The message of a licence URL that is not a Creative Commons one (a zod message, shown translated). */
export const LICENCE_MESSAGE = msg(
  "Enter a Creative Commons licence URL such as https://creativecommons.org/licenses/by/4.0/, or leave it empty.",
);
