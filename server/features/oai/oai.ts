/**
 * OAI-PMH 2.0 endpoint at `/oai` (GET and POST), so harvesters (BASE, CORE, OpenAIRE, library
 * discovery systems) can index the catalogue as they index Open Journal Systems sites.
 * Verbs: Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords, GetRecord;
 * metadata formats `oai_dc` and `oai_jats` (./oai-jats.ts); sets `journal`, `journal:{uri}`,
 * `proceeding`, `proceeding:{slug}` (docs/decisions/003-oai-pmh.md, 150); 100 records per
 * response with a signed resumption token (oai-token.ts); the protocol's error codes for every
 * bad request (protocol section 3.6). Every answer validates against OAI-PMH.xsd.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import express, { type Request, type Response, type Router } from "express";
import { create, fragment } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import { publicOrigin } from "../../http/origin.ts";
import { XML_DOCUMENT } from "../../http/xml-stream.ts";
import { currentCatalogueVersion } from "../../services/catalogue-version.ts";
import type { AppContext } from "../../services/context.ts";
import { createOaiAnswerCache, type OaiAnswerCache } from "./oai-cache.ts";
import {
  JATS_NS,
  JATS_PREFIX,
  JATS_SCHEMA,
  type JatsWriter,
  jatsWriter,
  undeclareOaiNamespace,
} from "./oai-jats.ts";
import { earliestDatestamp, listOaiRecords, listOaiSets, type OaiRecord } from "./oai-records.ts";
import { decodeResumptionToken, encodeResumptionToken, type ResumptionToken } from "./oai-token.ts";

/** Records per ListRecords/ListIdentifiers response unless {@link OaiOptions.pageSize} says otherwise. */
const PAGE = 100;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const DC_NS = "http://purl.org/dc/elements/1.1/";
const OAI_DC_NS = "http://www.openarchives.org/OAI/2.0/oai_dc/";
const OAI_ID_NS = "http://www.openarchives.org/OAI/2.0/oai-identifier";
/** oai-identifier.xsd's repositoryIdentifierType: a domain name with at least one dot. */
const REPOSITORY_ID = /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

/** Arguments each verb allows (required ones marked), protocol section 4. */
const VERBS: Record<string, { required: string[]; optional: string[] }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: ["resumptionToken"] },
  ListIdentifiers: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set", "resumptionToken"],
  },
  ListRecords: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set", "resumptionToken"],
  },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
};

class OaiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

type Token = ResumptionToken;
type Prefix = "oai_dc" | typeof JATS_PREFIX;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * OAI `from`/`until` (day or seconds granularity, protocol section 3.3) → ISO bounds; `until`
 * of a day covers it. The date must exist on the calendar (`2020-02-30` and `2020-13-45` do
 * not) and the time of day be 00:00:00–23:59:59.
 * @throws OaiError badArgument otherwise.
 */
function parseBound(value: string, end: boolean): string {
  const m = DAY.exec(value) ?? SECOND.exec(value);
  if (m) {
    const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map(Number) as number[];
    const date = new Date(Date.UTC(y!, mo! - 1, d!));
    const real =
      date.getUTCFullYear() === y &&
      date.getUTCMonth() === mo! - 1 &&
      date.getUTCDate() === d &&
      h < 24 &&
      mi < 60 &&
      s < 60;
    if (real) {
      if (m.length === 4) return end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
      return value.replace("Z", end ? ".999Z" : ".000Z");
    }
  }
  throw new OaiError(
    "badArgument",
    `"${value}" is not a valid date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).`,
  );
}

/** Characters XML 1.0 forbids (section 2.2): C0 controls but tab, LF, CR; U+FFFE, U+FFFF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `xml` without the characters XML cannot carry, so that one title typed with a control
 * character (or an argument echoed in `<request>`) cannot make a whole answer unreadable
 * (issue 6). Markup itself never contains them, so removing them from the whole text is safe.
 */
export function removeNonXmlCharacters(xml: string): string {
  return xml.replace(NOT_XML, "").replace(LONE_SURROGATE, "");
}

/**
 * Stands for the time in a kept answer; the first occurrence is always the `responseDate`
 * (the first text of every answer), replaced by the time the answer is sent.
 */
const RESPONSE_DATE = "0000-00-00T00:00:00Z";
/** Where a list answer's records go, once each is written (see `list`). */
const RECORDS_COMMENT = "athenaeum-records";

/** The key of an answer: the origin it names and its arguments, in a fixed order. */
function answerKey(base: string, args: Record<string, unknown>): string {
  const sorted = Object.entries(args).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${base}\n${JSON.stringify(sorted)}`;
}

/** Options of {@link oaiRouter}. */
export type OaiOptions = {
  /** Records per list response before a resumption token (default 100; tests use fewer). */
  pageSize?: number;
  /** Where answers are kept per catalogue version (default: a new store of this router's own). */
  cache?: OaiAnswerCache;
};

export function oaiRouter(ctx: AppContext, options: OaiOptions = {}): Router {
  const pageSize = options.pageSize ?? PAGE;
  const cache = options.cache ?? createOaiAnswerCache();
  const router = express.Router();
  const origin = (req: Request) => publicOrigin(ctx.config, req);
  const repositoryId = (req: Request) => new URL(origin(req)).hostname;

  async function handle(req: Request, res: Response) {
    const args: Record<string, unknown> =
      req.method === "POST" ? { ...req.body } : { ...req.query };
    const base = `${origin(req)}/oai`;
    const key = answerKey(base, args);
    // Unreadable (database down): answered without the cache, failing where the verb needs it.
    const version = await currentCatalogueVersion(ctx).catch(() => undefined);
    const kept = version === undefined ? undefined : cache.get(version, key);
    const body = kept ?? (await answer(req, args, base));
    if (version !== undefined && kept === undefined) cache.set(version, key, body);
    res
      .type("text/xml")
      .set("Cache-Control", "no-store")
      .set("X-Cache", kept === undefined ? "miss" : "hit")
      .send(body.replace(RESPONSE_DATE, `${new Date().toISOString().slice(0, 19)}Z`));
  }

  /**
   * The answer to `args` with {@link RESPONSE_DATE} for its time: each record of a list is
   * written on its own turn of the event loop (`list`), so a page of 100 records never holds
   * other requests up for more than one record's work.
   */
  async function answer(req: Request, args: Record<string, unknown>, base: string) {
    const doc = create(XML_DOCUMENT).ele(OAI_NS, "OAI-PMH", {
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`,
    });
    doc.ele("responseDate").txt(RESPONSE_DATE);
    const request = doc.ele("request").txt(base);
    const shown: string[] = [];
    let answer: XMLBuilder | undefined;
    let records: string[] = [];
    try {
      const verb = args.verb;
      // own keys only: `toString` or `__proto__` must not reach Object.prototype (issue 7)
      if (typeof verb !== "string" || !Object.hasOwn(VERBS, verb)) {
        throw new OaiError("badVerb", "The verb is missing, repeated or not an OAI-PMH verb.");
      }
      const spec = VERBS[verb]!;
      const allowed = new Set(["verb", ...spec.required, ...spec.optional]);
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(args)) {
        if (!allowed.has(key))
          throw new OaiError("badArgument", `"${key}" is not an argument of ${verb}.`);
        if (typeof value !== "string") throw new OaiError("badArgument", `"${key}" is repeated.`);
        if (key !== "verb") params[key] = value;
      }
      const exclusive = params.resumptionToken !== undefined;
      if (exclusive && Object.keys(params).length > 1) {
        throw new OaiError("badArgument", "resumptionToken is an exclusive argument.");
      }
      if (!exclusive) {
        for (const name of spec.required) {
          if (!params[name])
            throw new OaiError("badArgument", `${verb} needs the "${name}" argument.`);
        }
      }
      for (const [key, value] of Object.entries({ verb, ...params })) {
        request.att(key, value);
        shown.push(key);
      }
      answer = doc.ele(verb);
      records = (await VERB_HANDLERS[verb]!(answer, params, req)) ?? [];
    } catch (error) {
      if (!(error instanceof OaiError)) throw error;
      // Protocol 3.6 and the schema: an error answer has no verb element, not even an empty one.
      answer?.remove();
      // Protocol 3.6: on badVerb and badArgument the request element carries no attributes.
      if (error.code === "badVerb" || error.code === "badArgument") {
        for (const name of shown) request.removeAtt(name);
      }
      doc.ele("error", { code: error.code }).txt(error.message);
      records = [];
    }
    const xml = doc.end({ prettyPrint: false });
    const filled = records.length
      ? xml.replace(`<!--${RECORDS_COMMENT}-->`, () => records.join(""))
      : xml.replace(`<!--${RECORDS_COMMENT}-->`, "");
    return removeNonXmlCharacters(filled);
  }

  const identifierOf = (req: Request, id: number) => `oai:${repositoryId(req)}:paper/${id}`;
  const paperIdOf = (req: Request, identifier: string) => {
    const match = new RegExp(
      `^oai:${repositoryId(req).replace(/\./g, "\\.")}:paper/([1-9][0-9]{0,9})$`,
    ).exec(identifier);
    if (!match)
      throw new OaiError(
        "idDoesNotExist",
        `"${identifier}" is not an identifier of this repository.`,
      );
    return Number(match[1]);
  };
  const checkPrefix = (prefix: string | undefined): Prefix => {
    if (prefix !== "oai_dc" && prefix !== JATS_PREFIX) {
      throw new OaiError(
        "cannotDisseminateFormat",
        `The metadata format "${prefix}" is not supported; use oai_dc or ${JATS_PREFIX}.`,
      );
    }
    return prefix;
  };

  function header(parent: XMLBuilder, req: Request, record: OaiRecord) {
    const h = parent.ele("header");
    h.ele("identifier").txt(identifierOf(req, record.paperId));
    h.ele("datestamp").txt(record.datestamp);
    h.ele("setSpec").txt(record.setSpec);
  }

  function metadata(parent: XMLBuilder, record: OaiRecord, jats: JatsWriter | null) {
    if (jats) {
      jats(parent.ele("metadata"), record.paperId);
      return;
    }
    const dc = parent.ele("metadata").ele(OAI_DC_NS, "oai_dc:dc", {
      "xmlns:dc": DC_NS,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${OAI_DC_NS} http://www.openarchives.org/OAI/2.0/oai_dc.xsd`,
    });
    const add = (name: string, value: string, lang?: string) => {
      if (value) dc.ele(DC_NS, `dc:${name}`, lang ? { "xml:lang": lang } : {}).txt(value);
    };
    // title, subjects and description in each language, marked (decision 441)
    for (const t of record.dc.title) add("title", t.value, t.lang);
    for (const c of record.dc.creator) add("creator", c);
    for (const s of record.dc.subject) add("subject", s.value, s.lang);
    for (const d of record.dc.description) add("description", d.value, d.lang);
    add("publisher", record.dc.publisher);
    add("date", record.dc.date);
    add("type", record.dc.type);
    add("format", record.dc.format);
    for (const i of record.dc.identifier) add("identifier", i);
    add("source", record.dc.source);
    for (const r of record.dc.relation) add("relation", r);
    add("language", record.dc.language);
    add("rights", record.dc.rights);
  }

  /**
   * Writes a list answer into `parent`; its records (or headers) are returned as XML text, one
   * written per turn of the event loop, for the place marked by {@link RECORDS_COMMENT}.
   */
  async function list(
    parent: XMLBuilder,
    params: Record<string, string>,
    req: Request,
    withMetadata: boolean,
  ): Promise<string[]> {
    let token: Token;
    if (params.resumptionToken) {
      const decoded = decodeResumptionToken(params.resumptionToken, ctx.config.sessionSecret);
      if (!decoded) {
        throw new OaiError("badResumptionToken", "The resumption token is invalid or expired.");
      }
      token = decoded;
    } else {
      token = { after: 0 };
      // oai_dc is left out of the token, so tokens issued before oai_jats existed stay valid
      if (checkPrefix(params.metadataPrefix) === JATS_PREFIX) token.prefix = JATS_PREFIX;
      if (params.from) token.from = parseBound(params.from, false);
      if (params.until) token.until = parseBound(params.until, true);
      if (params.from && params.until && params.from.length !== params.until.length) {
        throw new OaiError("badArgument", "from and until must have the same granularity.");
      }
      if (params.set) token.set = params.set;
    }
    if (token.set && !(await listOaiSets(ctx)).some((s) => s.setSpec === token.set)) {
      throw new OaiError("noRecordsMatch", `There is no set "${token.set}".`);
    }
    const records = await listOaiRecords(ctx, {
      ...token,
      afterId: token.after,
      limit: pageSize + 1,
      origin: origin(req),
    });
    if (records.length === 0) {
      if (params.resumptionToken)
        throw new OaiError("badResumptionToken", "The resumption token is invalid or expired.");
      throw new OaiError("noRecordsMatch", "No records match the request.");
    }
    const page = records.slice(0, pageSize);
    const jats =
      withMetadata && token.prefix === JATS_PREFIX
        ? await jatsWriter(
            ctx,
            page.map((r) => r.paperId),
            origin(req),
          )
        : null;
    parent.com(RECORDS_COMMENT);
    const written: string[] = [];
    for (const record of page) {
      if (written.length > 0) await nextTurn();
      // Without a namespace of its own, the element takes the answer's (OAI-PMH) where it lands.
      const piece = fragment(XML_DOCUMENT);
      if (withMetadata) {
        const r = piece.ele("record");
        header(r, req, record);
        metadata(r, record, jats);
      } else {
        header(piece, req, record);
      }
      const text = piece.end({ prettyPrint: false });
      // a JATS article keeps no namespace inside the answer (decision 277)
      written.push(jats ? undeclareOaiNamespace(text) : text);
    }
    if (records.length > pageSize) {
      parent
        .ele("resumptionToken")
        .txt(
          encodeResumptionToken(
            { ...token, after: page.at(-1)!.paperId },
            ctx.config.sessionSecret,
          ),
        );
    } else if (params.resumptionToken) {
      parent.ele("resumptionToken");
    }
    return written;
  }

  /** Each verb's answer; list verbs return their records as text (see `list`). */
  const VERB_HANDLERS: Record<
    string,
    (parent: XMLBuilder, p: Record<string, string>, req: Request) => Promise<string[] | undefined>
  > = {
    async Identify(parent, _p, req) {
      parent.ele("repositoryName").txt(ctx.config.siteName);
      parent.ele("baseURL").txt(`${origin(req)}/oai`);
      parent.ele("protocolVersion").txt("2.0");
      const earliest = await earliestDatestamp(ctx);
      // Never an invented address (decision 150): without CONTACT_EMAIL there is no valid Identify.
      if (!ctx.config.contactEmail) {
        throw new OaiError(
          "badArgument",
          "This repository has no contact address: its operator must set CONTACT_EMAIL, which OAI-PMH requires as adminEmail.",
        );
      }
      parent.ele("adminEmail").txt(ctx.config.contactEmail);
      parent.ele("earliestDatestamp").txt(earliest);
      parent.ele("deletedRecord").txt("no");
      parent.ele("granularity").txt("YYYY-MM-DDThh:mm:ssZ");
      const host = repositoryId(req);
      // oai-identifier.xsd allows dotted domain names only (not `localhost` or an IP address).
      if (REPOSITORY_ID.test(host) && !/^[\d.]+$/.test(host)) {
        const id = parent.ele("description").ele(OAI_ID_NS, "oai-identifier", {
          "xmlns:xsi": XSI,
          "xsi:schemaLocation": `${OAI_ID_NS} http://www.openarchives.org/OAI/2.0/oai-identifier.xsd`,
        });
        id.ele("scheme").txt("oai");
        id.ele("repositoryIdentifier").txt(host);
        id.ele("delimiter").txt(":");
        id.ele("sampleIdentifier").txt(`oai:${host}:paper/1`);
      }
    },
    async ListMetadataFormats(parent, p, req) {
      if (p.identifier) {
        const id = paperIdOf(req, p.identifier);
        const found = await listOaiRecords(ctx, { paperId: id, limit: 1, origin: origin(req) });
        if (found.length === 0)
          throw new OaiError("idDoesNotExist", `"${p.identifier}" is unknown.`);
      }
      const formats: [string, string, string][] = [
        ["oai_dc", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", OAI_DC_NS],
        [JATS_PREFIX, JATS_SCHEMA, JATS_NS],
      ];
      for (const [prefix, schema, namespace] of formats) {
        const format = parent.ele("metadataFormat");
        format.ele("metadataPrefix").txt(prefix);
        format.ele("schema").txt(schema);
        format.ele("metadataNamespace").txt(namespace);
      }
    },
    async ListSets(parent, p) {
      if (p.resumptionToken)
        throw new OaiError("badResumptionToken", "ListSets answers in one response.");
      for (const set of await listOaiSets(ctx)) {
        const s = parent.ele("set");
        s.ele("setSpec").txt(set.setSpec);
        s.ele("setName").txt(set.setName);
      }
    },
    ListIdentifiers: (parent, p, req) => list(parent, p, req, false),
    ListRecords: (parent, p, req) => list(parent, p, req, true),
    async GetRecord(parent, p, req) {
      const prefix = checkPrefix(p.metadataPrefix);
      const id = paperIdOf(req, p.identifier!);
      const [record] = await listOaiRecords(ctx, { paperId: id, limit: 1, origin: origin(req) });
      if (!record) throw new OaiError("idDoesNotExist", `"${p.identifier}" is unknown.`);
      const jats = prefix === JATS_PREFIX ? await jatsWriter(ctx, [id], origin(req)) : null;
      const r = parent.ele("record");
      header(r, req, record);
      metadata(r, record, jats);
    },
  };

  router.get("/oai", handle);
  router.post("/oai", express.urlencoded({ extended: false, limit: "10kb" }), handle);
  return router;
}
