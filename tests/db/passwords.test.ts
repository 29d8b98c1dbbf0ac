/**
 * Password hashing (server/features/accounts/users.ts). The suite hashes at a low cost
 * (`PASSWORD_SCRYPT_COST` in vitest.config.ts, decision 230); production's cost is checked here,
 * once: a default configuration hashes with OWASP's parameters, and a change of cost in either
 * direction locks nobody out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import {
  authenticate,
  hashPassword,
  insertAccount,
  needsRehash,
  passcodeMatches,
  verifyPassword,
} from "../../server/features/accounts/users.ts";
import { createTestContext, type TestContext } from "../helpers/context.ts";
import { storedValue } from "../helpers/rows.ts";

const PRODUCTION_HASH = /^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/;
const TEST_HASH = /^scrypt\$1024\$8\$3\$[\w-]{22}\$[\w-]{43}$/;

describe("password hashing", () => {
  it("hashes at production's cost by default: scrypt N=2^15, r=8, p=3, stored with the hash", async () => {
    const { passwordScryptCost } = loadConfig({ SESSION_SECRET: "x".repeat(32), SEED: "none" });
    expect(passwordScryptCost).toBe(15);
    // each hash or check at this cost takes a quarter of a second or more: two here, three below
    const a = await hashPassword("correct horse battery", passwordScryptCost);
    expect(a).toMatch(PRODUCTION_HASH);
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(needsRehash(a, passwordScryptCost)).toBe(false);
    expect(needsRehash(a, 10)).toBe(true);
  });

  it("salts every hash and verifies one made at a lower cost", async () => {
    const a = await hashPassword("correct horse battery", 10);
    const b = await hashPassword("correct horse battery", 10);
    expect(a).toMatch(TEST_HASH);
    expect(a).not.toBe(b); // per-user salt
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(needsRehash(a, 10)).toBe(false);
    expect(needsRehash(a, 15)).toBe(true);
  });

  it("verifies a hash made with other parameters and asks for a rehash", async () => {
    // scrypt N=1024, r=8, p=1 of "secret password" with salt "0123456789abcdef"
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("secret password", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$1024$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("secret password", old)).toBe(true);
    expect(needsRehash(old, 10)).toBe(true);
  });

  it("never matches a malformed or absurdly expensive stored hash", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$4194304$8$1$c2FsdA$aGFzaA")).toBe(false);
  });
});

describe("a change of PASSWORD_SCRYPT_COST", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ PASSWORD_SCRYPT_COST: "15" });
  });
  afterAll(() => t.close());

  /** The site as it would run after a restart with `cost`. */
  const at = (cost: number) => ({
    ...t.ctx,
    config: { ...t.ctx.config, passwordScryptCost: cost },
  });
  const storedHash = (id: number) => storedValue(t, "users", "password_hash", "id", id);

  it("signs in an account hashed at the old cost and rehashes its password at the new one", async () => {
    const account = { fname: "Ada", lname: "Lovelace", phone: "", pword: "correct horse battery" };
    const user = await insertAccount(at(15), { ...account, email: "ada@example.org" });
    expect(user.password_hash).toMatch(PRODUCTION_HASH);

    // lowered: the production hash still signs in, then is stored at the new cost
    await authenticate(at(10), "ada@example.org", "correct horse battery");
    expect(await storedHash(user.id)).toMatch(TEST_HASH);
    // raised again: a wrong password still fails and changes nothing; the right one signs in
    // with the cheap hash, which is brought back up
    await expect(authenticate(at(15), "ada@example.org", "not my password")).rejects.toThrow(
      "Invalid email or password.",
    );
    expect(await storedHash(user.id)).toMatch(TEST_HASH);
    await authenticate(at(15), "ada@example.org", "correct horse battery");
    expect(await storedHash(user.id)).toMatch(PRODUCTION_HASH);
  });
});

describe("admin passcode check", () => {
  it("matches only the exact passcode, whatever the lengths", () => {
    expect(passcodeMatches("open sesame", "open sesame")).toBe(true);
    expect(passcodeMatches("open sesam", "open sesame")).toBe(false);
    expect(passcodeMatches("", "open sesame")).toBe(false);
    expect(passcodeMatches("OPEN SESAME", "open sesame")).toBe(false);
  });
});
