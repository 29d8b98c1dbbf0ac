/**
 * `npm run i18n`: the catalogues made from the code (issue 32; decision 382), as gettext's
 * xgettext and msgmerge make them.
 *
 * 1. Collects every message of app/, server/ and shared/: the first argument of `t(…)`,
 *    `msg(…)`, `msgWith(…)`, `x.t(…)` when it is a string literal, and the `id` of `<Trans id="…">`
 *    (shared/i18n/messages.ts says how code writes a text). Each must parse as ICU
 *    MessageFormat, and a literal object of values must name exactly its placeholders.
 * 2. Writes `locales/messages.pot`: one entry per message, sorted, with the files using it.
 * 3. Merges it into each language's `locales/{locale}.po`: translations of messages still in use
 *    are kept (with their translators' comments), new messages come in untranslated, messages
 *    no longer in the code go.
 *
 * `npm run i18n -- --check` (in `npm run lint`) writes nothing and fails when the files are not
 * what the code makes (a message added, changed or no longer used: run `npm run i18n`), or when
 * a language has a message untranslated, fuzzy, not valid ICU, or with other placeholders than
 * the English one.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "@babel/parser";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import {
  compareVariables,
  createItem,
  createPoFile,
  extractVariables,
  type PoItem,
  parsePo,
  stringifyPo,
} from "pofile-ts";
import { TEMPLATE_FILE } from "../server/i18n/po.ts";
import { DEFAULT_LOCALE, LOCALES } from "../shared/i18n/locales.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOCALES_DIR = path.join(ROOT, "locales");
const SOURCE_FOLDERS = ["app", "server", "shared"];
const CALLEES = new Set(["t", "msg", "msgWith"]);

type Found = { id: string; files: Set<string> };
type AstNode = { type: string; [key: string]: unknown };

const problems: string[] = [];

/** Every .ts/.tsx file under `folder`, relative to the project, sorted. */
function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

function isNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as AstNode).type === "string";
}

/** Calls every node of `node`'s tree. */
function walk(node: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "start" || key === "end" || key === "extra") continue;
    if (typeof value === "object" && value !== null) walk(value, visit);
  }
}

/** The text of a string literal or of a template literal without expressions, else null. */
function literalText(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "StringLiteral") return node.value as string;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0) {
    const [quasi] = node.quasis as { value: { cooked: string } }[];
    return quasi?.value.cooked ?? null;
  }
  return null;
}

function calleeName(callee: AstNode): string | null {
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && !callee.computed) {
    const property = callee.property as AstNode;
    if (property.type === "Identifier") return property.name as string;
  }
  return null;
}

/**
 * The property names of a literal object of values, or the strings of a literal array (the
 * placeholders a template's `msg(text, [...])` fills later, decision 400); null otherwise.
 */
function literalKeys(node: unknown): string[] | null {
  if (isNode(node) && node.type === "ArrayExpression") {
    const names: string[] = [];
    for (const element of node.elements as AstNode[]) {
      if (!isNode(element) || element.type !== "StringLiteral") return null;
      names.push(element.value as string);
    }
    return [...new Set(names)].sort();
  }
  if (!isNode(node) || node.type !== "ObjectExpression") return null;
  const keys: string[] = [];
  for (const property of node.properties as AstNode[]) {
    if (property.type !== "ObjectProperty" || property.computed) return null;
    const key = property.key as AstNode;
    if (key.type === "Identifier") keys.push(key.name as string);
    else if (key.type === "StringLiteral") keys.push(key.value as string);
    else return null;
  }
  return keys.sort();
}

/** Checks `id` parses and, when `keys` is known, that they are its placeholders. */
function checkMessage(id: string, keys: string[] | null, where: string) {
  try {
    compileMessageOrThrow(id);
  } catch (error) {
    problems.push(
      `${where}: not ICU MessageFormat: ${JSON.stringify(id)} (${(error as Error).message})`,
    );
    return;
  }
  if (keys) {
    const placeholders = [...new Set(extractVariables(id))].sort();
    if (placeholders.join() !== keys.join()) {
      problems.push(
        `${where}: ${JSON.stringify(id)} has placeholders {${placeholders.join(", ")}} but is given {${keys.join(", ")}}`,
      );
    }
  }
}

/** Every message of the code, by id. */
function collect(): Map<string, Found> {
  const found = new Map<string, Found>();
  const add = (id: string, file: string) => {
    const entry = found.get(id) ?? { id, files: new Set<string>() };
    entry.files.add(file);
    found.set(id, entry);
  };
  for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    if (!/\b(?:t|msg|msgWith)\(|<Trans\b/.test(source)) continue;
    const ast = parse(source, {
      sourceType: "module",
      plugins: file.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"],
    });
    walk(ast.program, (node) => {
      if (node.type === "CallExpression") {
        const name = calleeName(node.callee as AstNode);
        if (!name || !CALLEES.has(name)) return;
        const [first, second] = node.arguments as unknown[];
        const id = literalText(first);
        if (id === null) return;
        const line = (node.loc as { start: { line: number } } | undefined)?.start.line;
        checkMessage(id, second === undefined ? [] : literalKeys(second), `${file}:${line}`);
        add(id, file);
      } else if (node.type === "JSXOpeningElement") {
        const name = node.name as AstNode;
        if (name.type !== "JSXIdentifier" || name.name !== "Trans") return;
        for (const attribute of node.attributes as AstNode[]) {
          if (attribute.type !== "JSXAttribute") continue;
          if ((attribute.name as AstNode).name !== "id") continue;
          const id = literalText(attribute.value);
          if (id !== null) {
            checkMessage(id, null, file);
            add(id, file);
          }
        }
      }
    });
  }
  return found;
}

const SERIALIZE = { foldLength: 0 } as const;

function header(language: string | null): Record<string, string> {
  return {
    "Project-Id-Version": "Athenaeum",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Transfer-Encoding": "8bit",
    ...(language ? { Language: language } : {}),
  };
}

/** The template's text for `messages`. */
function templateText(messages: Found[]): string {
  const po = createPoFile();
  po.headers = header(null);
  po.extractedComments = [
    "Messages of the Athenaeum interface, made by `npm run i18n` from the code: do not edit.",
    "Each msgid is the English text, in ICU MessageFormat. Translate in locales/{locale}.po.",
  ];
  po.items = messages.map((m) => {
    const item = createItem();
    item.msgid = m.id;
    item.references = [...m.files].sort();
    return item;
  });
  return stringifyPo(po, SERIALIZE);
}

/** `locale`'s PO text after merging `messages` into what `existing` holds. */
function mergedText(locale: string, messages: Found[], existing: string | null): string {
  const before = new Map<string, PoItem>();
  let po = createPoFile();
  if (existing !== null) {
    po = parsePo(existing);
    for (const item of po.items) if (!item.obsolete) before.set(item.msgid, item);
  }
  po.headers = { ...header(locale), ...pickPlural(po.headers) };
  po.items = messages.map((m) => {
    const old = before.get(m.id);
    const item = createItem();
    item.msgid = m.id;
    item.references = [...m.files].sort();
    item.msgstr = [old?.msgstr[0] ?? ""];
    item.comments = old?.comments ?? [];
    item.flags = old?.flags ?? {};
    return item;
  });
  return stringifyPo(po, SERIALIZE);
}

function pickPlural(headers: Partial<Record<string, string>> | undefined): Record<string, string> {
  const value = headers?.["Plural-Forms"];
  return value ? { "Plural-Forms": value } : {};
}

/** Problems of `locale`'s translations in `text`. */
function translationProblems(locale: string, text: string): string[] {
  const out: string[] = [];
  let untranslated = 0;
  const examples: string[] = [];
  for (const item of parsePo(text).items) {
    const translation = item.msgstr[0] ?? "";
    if (!translation) {
      untranslated += 1;
      if (examples.length < 5) examples.push(JSON.stringify(item.msgid));
      continue;
    }
    if (item.flags.fuzzy) out.push(`${locale}.po: fuzzy: ${JSON.stringify(item.msgid)}`);
    try {
      compileMessageOrThrow(translation);
    } catch (error) {
      out.push(
        `${locale}.po: not ICU MessageFormat: ${JSON.stringify(translation)} (${(error as Error).message})`,
      );
      continue;
    }
    const comparison = compareVariables(item.msgid, translation);
    if (comparison.missing.length || comparison.extra.length) {
      out.push(
        `${locale}.po: ${JSON.stringify(translation)} has placeholders {${extractVariables(translation).join(", ")}}, the English {${extractVariables(item.msgid).join(", ")}}`,
      );
    }
  }
  if (untranslated) {
    out.push(`${locale}.po: ${untranslated} messages untranslated, e.g. ${examples.join(", ")}`);
  }
  return out;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

const check = process.argv.includes("--check");
const messages = [...collect().values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
const files = new Map<string, string>([[TEMPLATE_FILE, templateText(messages)]]);
for (const locale of LOCALES) {
  if (locale === DEFAULT_LOCALE) continue;
  const file = `${locale}.po`;
  files.set(file, mergedText(locale, messages, readOrNull(path.join(LOCALES_DIR, file))));
}

if (check) {
  for (const [file, text] of files) {
    if (readOrNull(path.join(LOCALES_DIR, file)) !== text) {
      problems.push(
        `locales/${file} is not what the code makes (a message added, changed or no longer used): run npm run i18n`,
      );
    }
  }
  // `--allow-untranslated`: while a language is being translated, its untranslated messages
  // are reported but do not fail the check (everything else still does)
  const allowUntranslated = process.argv.includes("--allow-untranslated");
  for (const [file, text] of files) {
    if (file === TEMPLATE_FILE) continue;
    for (const problem of translationProblems(file.slice(0, -3), text)) {
      if (allowUntranslated && problem.includes("messages untranslated")) {
        process.stdout.write(`${problem}\n`);
      } else problems.push(problem);
    }
  }
} else {
  for (const [file, text] of files) writeFileSync(path.join(LOCALES_DIR, file), text);
  process.stdout.write(
    `locales/: ${messages.length} messages from the code, written to ${[...files.keys()].join(", ")}\n`,
  );
}

if (problems.length) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exit(1);
}
