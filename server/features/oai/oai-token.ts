/**
 * OAI-PMH resumption tokens (protocol section 3.5): where a list continues and the selection it
 * continues, signed so that a harvester can only hand back what this server issued (issue 7).
 *
 * Format: `base64url(JSON) "." base64url(HMAC-SHA256(key, JSON))`, the key derived from the
 * session secret (`SESSION_SECRET`) for this one use. Decoding checks the signature in constant
 * time and then every field with zod, so a token can never carry an object where a string or a
 * number is expected.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** Paper id to continue after, the selection's bounds (ISO timestamps) and set, and the format. */
export type ResumptionToken = {
  after: number;
  from?: string;
  until?: string;
  set?: string;
  /** Metadata format other than oai_dc (absent: oai_dc). */
  prefix?: "oai_jats";
};

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

const tokenSchema = z
  .object({
    after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    from: iso.optional(),
    until: iso.optional(),
    set: z.string().min(1).max(300).optional(),
    prefix: z.literal("oai_jats").optional(),
  })
  .strict();

function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("athenaeum oai-pmh resumption token").digest();
}

function sign(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

/** The token text for `token`, signed with a key derived from `secret`. */
export function encodeResumptionToken(token: ResumptionToken, secret: string): string {
  const payload = Buffer.from(JSON.stringify(token)).toString("base64url");
  return `${payload}.${sign(keyOf(secret), payload).toString("base64url")}`;
}

/**
 * The token `text` stands for, or null when it was not issued with `secret`, is malformed, or
 * carries a field of the wrong shape.
 */
export function decodeResumptionToken(text: string, secret: string): ResumptionToken | null {
  const [payload, mac, extra] = text.split(".");
  if (!payload || !mac || extra !== undefined || text.length > 2000) return null;
  const expected = sign(keyOf(secret), payload);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
