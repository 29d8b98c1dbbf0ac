/**
 * OAI-PMH 2.0 endpoint at `/oai` (GET and POST), so harvesters (BASE, CORE, OpenAIRE, library
 * discovery systems) can index the catalogue as they index Open Journal Systems sites.
 * Verbs: Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords, GetRecord;
 * metadata format `oai_dc`; sets `journal:{uri}`; 100 records per response with a resumption
 * token; the protocol's error codes for every bad request (protocol section 3.6).
 */
import express, { type Request, type Response, type Router } from "express";
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";
import type { AppContext } from "../services/context.ts";
import { earliestDatestamp, listOaiRecords, listOaiSets, type OaiRecord } from "../services/oai.ts";

const PAGE = 100;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const DC_NS = "http://purl.org/dc/elements/1.1/";
const OAI_DC_NS = "http://www.openarchives.org/OAI/2.0/oai_dc/";

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

type Token = { after: number; from?: string; until?: string; set?: string };

function encodeToken(token: Token): string {
  return Buffer.from(JSON.stringify(token)).toString("base64url");
}

function decodeToken(value: string): Token {
  try {
    const token = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as Token;
    if (typeof token.after !== "number" || !Number.isInteger(token.after)) throw new Error();
    return token;
  } catch {
    throw new OaiError("badResumptionToken", "The resumption token is invalid or expired.");
  }
}

/** OAI `from`/`until` (day or seconds granularity) → ISO bounds; `until` of a day covers it. */
function parseBound(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) {
    return value.replace("Z", end ? ".999Z" : ".000Z");
  }
  throw new OaiError(
    "badArgument",
    `"${value}" is not a valid date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ).`,
  );
}

export function oaiRouter(ctx: AppContext): Router {
  const router = express.Router();
  const origin = (req: Request) => ctx.config.publicUrl ?? `${req.protocol}://${req.get("host")}`;
  const repositoryId = (req: Request) => new URL(origin(req)).hostname;

  async function handle(req: Request, res: Response) {
    const args: Record<string, unknown> =
      req.method === "POST" ? { ...req.body } : { ...req.query };
    const base = `${origin(req)}/oai`;
    const doc = create({ version: "1.0", encoding: "UTF-8" }).ele(OAI_NS, "OAI-PMH", {
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${OAI_NS} http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd`,
    });
    doc.ele("responseDate").txt(`${new Date().toISOString().slice(0, 19)}Z`);
    const request = doc.ele("request").txt(base);
    const shown: string[] = [];
    try {
      const verb = args.verb;
      if (typeof verb !== "string" || !VERBS[verb]) {
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
      await VERB_HANDLERS[verb]!(doc.ele(verb), params, req);
    } catch (error) {
      if (!(error instanceof OaiError)) throw error;
      // Protocol 3.6: on badVerb and badArgument the request element carries no attributes.
      if (error.code === "badVerb" || error.code === "badArgument") {
        for (const name of shown) request.removeAtt(name);
      }
      doc.ele("error", { code: error.code }).txt(error.message);
    }
    res
      .type("text/xml")
      .set("Cache-Control", "no-store")
      .send(doc.end({ prettyPrint: false }));
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
  const checkPrefix = (prefix: string | undefined) => {
    if (prefix !== undefined && prefix !== "oai_dc") {
      throw new OaiError(
        "cannotDisseminateFormat",
        `The metadata format "${prefix}" is not supported; use oai_dc.`,
      );
    }
  };

  function header(parent: XMLBuilder, req: Request, record: OaiRecord) {
    const h = parent.ele("header");
    h.ele("identifier").txt(identifierOf(req, record.paperId));
    h.ele("datestamp").txt(record.datestamp);
    h.ele("setSpec").txt(record.setSpec);
  }

  function metadata(parent: XMLBuilder, record: OaiRecord) {
    const dc = parent.ele("metadata").ele(OAI_DC_NS, "oai_dc:dc", {
      "xmlns:dc": DC_NS,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${OAI_DC_NS} http://www.openarchives.org/OAI/2.0/oai_dc.xsd`,
    });
    const add = (name: string, value: string) => {
      if (value) dc.ele(DC_NS, `dc:${name}`).txt(value);
    };
    add("title", record.dc.title);
    for (const c of record.dc.creator) add("creator", c);
    for (const s of record.dc.subject) add("subject", s);
    add("description", record.dc.description);
    add("publisher", record.dc.publisher);
    add("date", record.dc.date);
    add("type", record.dc.type);
    add("format", record.dc.format);
    for (const i of record.dc.identifier) add("identifier", i);
    add("source", record.dc.source);
    add("language", record.dc.language);
    add("rights", record.dc.rights);
  }

  async function list(
    parent: XMLBuilder,
    params: Record<string, string>,
    req: Request,
    withMetadata: boolean,
  ) {
    let token: Token;
    if (params.resumptionToken) {
      token = decodeToken(params.resumptionToken);
    } else {
      checkPrefix(params.metadataPrefix);
      token = { after: 0 };
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
      limit: PAGE + 1,
      origin: origin(req),
    });
    if (records.length === 0) {
      if (params.resumptionToken)
        throw new OaiError("badResumptionToken", "The resumption token is invalid or expired.");
      throw new OaiError("noRecordsMatch", "No records match the request.");
    }
    const page = records.slice(0, PAGE);
    for (const record of page) {
      if (withMetadata) {
        const r = parent.ele("record");
        header(r, req, record);
        metadata(r, record);
      } else {
        header(parent, req, record);
      }
    }
    if (records.length > PAGE) {
      parent.ele("resumptionToken").txt(encodeToken({ ...token, after: page.at(-1)!.paperId }));
    } else if (params.resumptionToken) {
      parent.ele("resumptionToken");
    }
  }

  const VERB_HANDLERS: Record<
    string,
    (parent: XMLBuilder, p: Record<string, string>, req: Request) => Promise<void>
  > = {
    async Identify(parent, _p, req) {
      parent.ele("repositoryName").txt(ctx.config.siteName);
      parent.ele("baseURL").txt(`${origin(req)}/oai`);
      parent.ele("protocolVersion").txt("2.0");
      parent.ele("adminEmail").txt(ctx.config.contactEmail ?? `webmaster@${repositoryId(req)}`);
      parent.ele("earliestDatestamp").txt(await earliestDatestamp(ctx));
      parent.ele("deletedRecord").txt("no");
      parent.ele("granularity").txt("YYYY-MM-DDThh:mm:ssZ");
    },
    async ListMetadataFormats(parent, p, req) {
      if (p.identifier) {
        const id = paperIdOf(req, p.identifier);
        const found = await listOaiRecords(ctx, { paperId: id, limit: 1, origin: origin(req) });
        if (found.length === 0)
          throw new OaiError("idDoesNotExist", `"${p.identifier}" is unknown.`);
      }
      const format = parent.ele("metadataFormat");
      format.ele("metadataPrefix").txt("oai_dc");
      format.ele("schema").txt("http://www.openarchives.org/OAI/2.0/oai_dc.xsd");
      format.ele("metadataNamespace").txt(OAI_DC_NS);
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
      checkPrefix(p.metadataPrefix);
      const id = paperIdOf(req, p.identifier!);
      const [record] = await listOaiRecords(ctx, { paperId: id, limit: 1, origin: origin(req) });
      if (!record) throw new OaiError("idDoesNotExist", `"${p.identifier}" is unknown.`);
      const r = parent.ele("record");
      header(r, req, record);
      metadata(r, record);
    },
  };

  router.get("/oai", handle);
  router.post("/oai", express.urlencoded({ extended: false, limit: "10kb" }), handle);
  return router;
}
