/**
 * Links mailed to people are built from PUBLIC_URL, or from a Host on the allow-list only, never
 * from a port the client chose (issue 15; docs/decisions/262-administrator-address-and-mailed-links.md).
 * The mails go to the outbox (no SMTP_URL) and are read from there.
 */
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { linkOrigin, publicUrlWarning } from "../../server/http/origin.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";
import { outboxMessages } from "../helpers/mailbox.ts";

async function mailTo(t: TestContext, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mail = (await outboxMessages(path.join(t.dataDir, "outbox"))).find((m) => m.to === email);
    if (mail) return mail.text;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email}`);
}

describe(`mailed links without PUBLIC_URL (${dialectUnderTest})`, () => {
  let t: TestContext;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestContext({ ALLOWED_HOSTS: "journals.example.edu,localhost" });
    adminCookie = (await signedInAdministrator(t)).cookie;
  });
  afterAll(() => t?.close());

  it("a reset link asked for through Host localhost:9999 does not carry port 9999", async () => {
    const { email } = await signedInManager(t);
    const res = await request(t.app)
      .post("/api/forgot_password")
      .set("Host", "localhost:9999")
      .send({ email });
    expect(res.status).toBe(200);
    const text = await mailTo(t, email);
    expect(text).not.toContain("9999");
    expect(text).toContain("http://journals.example.edu/reset-password#");
  });

  it("an invitation asked for through a listed Host uses that host", async () => {
    const res = await request(t.app)
      .post("/api/invite_manager")
      .set("Host", "journals.example.edu")
      .set("Cookie", adminCookie)
      .send({ email: "invited@example.org" });
    expect(res.status).toBe(201);
    expect(await mailTo(t, "invited@example.org")).toContain(
      "http://journals.example.edu/registration?invite=",
    );
  });

  it("an invitation asked for through localhost:9999 gets the default host", async () => {
    const res = await request(t.app)
      .post("/api/invite_manager")
      .set("Host", "localhost:9999")
      .set("Cookie", adminCookie)
      .send({ email: "second@example.org" });
    expect(res.status).toBe(201);
    const text = await mailTo(t, "second@example.org");
    expect(text).not.toContain("9999");
    expect(text).toContain("http://journals.example.edu/registration?invite=");
  });
});

describe("linkOrigin and the start's warning", () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: "/tmp/athenaeum-link-origin", SEED: "none", PORT: "3000", ...env });
  const req = (host: string, protocol = "http") => ({ host, protocol });

  it("prefers PUBLIC_URL over any Host", () => {
    const c = config({ PUBLIC_URL: "https://journals.example.edu", NODE_ENV: "production" });
    expect(linkOrigin(c, req("evil.example:9999"))).toBe("https://journals.example.edu");
    expect(publicUrlWarning(c)).toBeNull();
  });

  it("takes the Host only when host:port is listed exactly", () => {
    const c = config({ ALLOWED_HOSTS: "journals.example.edu,localhost:8080" });
    expect(linkOrigin(c, req("journals.example.edu"))).toBe("http://journals.example.edu");
    expect(linkOrigin(c, req("Journals.Example.edu.", "https"))).toBe(
      "https://journals.example.edu",
    );
    expect(linkOrigin(c, req("localhost:8080"))).toBe("http://localhost:8080");
    expect(linkOrigin(c, req("journals.example.edu:9999"))).toBe("http://journals.example.edu");
    expect(linkOrigin(c, req("localhost:9999"))).toBe("http://journals.example.edu");
  });

  it("falls back to localhost and the configured port without an allow-list", () => {
    expect(linkOrigin(config({}), req("evil.example:9999"))).toBe("http://localhost:3000");
    const production = config({ NODE_ENV: "production" });
    expect(linkOrigin(production, req("localhost:9999"))).toBe("http://localhost:3000");
  });

  it("warns once in production without PUBLIC_URL, not in development", () => {
    expect(publicUrlWarning(config({ NODE_ENV: "production" }))).toMatch(/^PUBLIC_URL is unset/);
    expect(
      publicUrlWarning(config({ NODE_ENV: "production", ALLOWED_HOSTS: "journals.example.edu" })),
    ).toMatch(/PUBLIC_URL is unset.*journals\.example\.edu/);
    expect(publicUrlWarning(config({ NODE_ENV: "development" }))).toBeNull();
  });
});
