import { describe, expect, it } from "vitest";
import {
  hashPassword,
  needsRehash,
  passcodeMatches,
  verifyPassword,
} from "../../server/services/users.ts";

describe("password hashing", () => {
  it("hashes with scrypt, a random salt and the parameters stored alongside", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b); // per-user salt
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("verifies a hash made with other parameters and asks for a rehash", async () => {
    // scrypt N=1024, r=8, p=1 of "secret password" with salt "0123456789abcdef"
    const { scryptSync } = await import("node:crypto");
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("secret password", salt, 32, { N: 1024, r: 8, p: 1 });
    const old = `scrypt$1024$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    expect(await verifyPassword("secret password", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it("never matches a malformed or absurdly expensive stored hash", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$4194304$8$1$c2FsdA$aGFzaA")).toBe(false);
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
