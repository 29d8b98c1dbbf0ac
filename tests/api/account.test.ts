import express from "express";
import request, { type Response } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionIdOf, TOUCH_INTERVAL_MS } from "../../server/features/accounts/sessions.ts";
import { managerChange } from "../../server/http/guards.ts";
import { sendOk } from "../../server/http/respond.ts";
import { loadUser, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../server/http/session.ts";
import { SESSION_TTL } from "../../shared/constants.ts";
import {
  createManager,
  MANAGER_NAV_LINKS,
  registrationBody,
  signedInManager,
} from "../helpers/account.ts";
import { createTestContext, dialectUnderTest, type TestContext } from "../helpers/context.ts";

/** `name=value` of the session cookie a response sets, or undefined. */
function sessionCookieOf(res: Response, name = SESSION_COOKIE): string | undefined {
  const list = (res.headers["set-cookie"] as unknown as string[] | undefined) ?? [];
  return list.find((c) => c.startsWith(`${name}=`));
}

function pairOf(setCookie: string | undefined): string {
  expect(setCookie).toBeDefined();
  return setCookie!.split(";")[0]!;
}

function tokenOf(pair: string): string {
  return pair.slice(pair.indexOf("=") + 1);
}

describe(`account API (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    // generous limits: this file signs in far more often than a person would
    t = await createTestContext({
      RATE_LIMITS: "signin_ip=1000/60,signin_email=1000/60,register_ip=1000/60",
    });
  });
  afterAll(() => t.close());

  const login = (body: object, cookie?: string) => {
    const req = request(t.app).post("/api/login").send(body);
    return cookie ? req.set("Cookie", cookie) : req;
  };
  const navItems = (cookie?: string) => {
    const req = request(t.app).get("/api/dashboard/admin_nav_items");
    return cookie ? req.set("Cookie", cookie) : req;
  };
  const sessionCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("sessions")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("POST /api/register", () => {
    it("registers a manager with a lower-cased email and a salted scrypt hash", async () => {
      const body = registrationBody({ email: "Grace.Hopper@Example.ORG" });
      const res = await request(t.app).post("/api/register").send(body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ status: 1, msg: "Registration successful!" });
      const user = await t.ctx.db
        .selectFrom("users")
        .selectAll()
        .where("email", "=", "grace.hopper@example.org")
        .executeTakeFirstOrThrow();
      expect(user.first_name).toBe("Ada");
      expect(user.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
      expect(user.password_hash).not.toContain(body.pword);
    });

    it("refuses a wrong admin passcode with 403", async () => {
      const res = await request(t.app)
        .post("/api/register")
        .send(registrationBody({ admincode: "not-the-passcode" }));
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(0);
      expect(res.body.msg).toBe("The admin passcode is not correct.");
    });

    it("refuses passwords that differ with the spec's message", async () => {
      const res = await request(t.app)
        .post("/api/register")
        .send(registrationBody({ pword: "first password", cpword: "second password" }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe("Passwords you entered do not match!");
      expect(res.body.errors).toEqual({ cpword: "Passwords you entered do not match!" });
    });

    it("refuses a password shorter than 8 characters", async () => {
      const res = await request(t.app)
        .post("/api/register")
        .send(registrationBody({ pword: "short12" }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe("Your password must be at least 8 characters long.");
      expect(res.body.errors).toHaveProperty("pword");
    });

    it("refuses an email that already has an account, whatever its case, with 409", async () => {
      const first = registrationBody();
      expect((await request(t.app).post("/api/register").send(first)).status).toBe(201);
      const again = registrationBody({ email: ` ${first.email.toUpperCase()} ` });
      const res = await request(t.app).post("/api/register").send(again);
      expect(res.status).toBe(409);
      expect(res.body.msg).toBe("An account with this email already exists.");
    });

    it("does not say whether an email is taken to someone without the passcode", async () => {
      const { email } = await createManager(t.ctx);
      const res = await request(t.app)
        .post("/api/register")
        .send(registrationBody({ email, admincode: "guess" }));
      expect(res.status).toBe(403);
    });

    it("requires every field and names the missing ones", async () => {
      const res = await request(t.app)
        .post("/api/register")
        .send({ ...registrationBody(), fname: "  ", phone: undefined });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe("Please enter your first name.");
      expect(Object.keys(res.body.errors).sort()).toEqual(["fname", "phone"]);
    });

    it("refuses an email that is not one", async () => {
      const res = await request(t.app)
        .post("/api/register")
        .send(registrationBody({ email: "not-an-email" }));
      expect(res.status).toBe(400);
      expect(res.body.errors.email).toBe("Please enter a valid email address.");
    });
  });

  describe("POST /api/login", () => {
    it("answers 401 with the same message for a wrong password and an unknown email", async () => {
      const { email } = await createManager(t.ctx);
      const wrong = await login({ email, pword: "wrong password" });
      const unknown = await login({ email: "nobody@example.org", pword: "wrong password" });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ status: 0, msg: "Invalid email or password." });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookieOf(wrong)).toBeUndefined();
    });

    it("requires email and password", async () => {
      const res = await login({ email: "" });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty("email");
      expect(res.body.errors).toHaveProperty("pword");
    });

    it("signs in with any case of the email and sets an HttpOnly SameSite=Strict session cookie", async () => {
      const { email, password } = await createManager(t.ctx, {
        fname: "Mary",
        lname: "Somerville",
      });
      const res = await login({ email: email.toUpperCase(), pword: password });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 1, u_name: "Mary Somerville" });
      const cookie = sessionCookieOf(res)!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/); // plain HTTP here
      // without "Remember me": a browser-session cookie
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
      // the stored id is the HMAC of the token, never the token
      const token = tokenOf(pairOf(cookie));
      const stored = await t.ctx.db.selectFrom("sessions").select("id").execute();
      expect(stored.map((s) => s.id)).not.toContain(token);
      expect(stored.map((s) => s.id)).toContain(sessionIdOf(t.ctx, token));
      // the cookie signs the manager in
      const nav = await navItems(pairOf(cookie));
      expect(nav.body.nav_items.u_name).toBe("Mary Somerville");
    });

    it("with Remember me sets a 30-day persistent cookie and a 30-day session", async () => {
      const { email, password } = await createManager(t.ctx);
      const res = await login({ email, pword: password, remember: true });
      const cookie = sessionCookieOf(res)!;
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      expect(maxAge).toBeGreaterThan(SESSION_TTL.rememberMs / 1000 - 60);
      expect(maxAge).toBeLessThanOrEqual(SESSION_TTL.rememberMs / 1000);
      const row = await t.ctx.db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", sessionIdOf(t.ctx, tokenOf(pairOf(cookie)))!)
        .executeTakeFirstOrThrow();
      expect(row.persistent).toBe(1);
      const lifetime = Date.parse(row.expires_at) - Date.parse(row.created_at);
      expect(lifetime).toBe(SESSION_TTL.rememberMs);
    });

    it("without Remember me keeps the session 12 hours on the server", async () => {
      const { email, password } = await createManager(t.ctx);
      const res = await login({ email, pword: password, remember: false });
      const row = await t.ctx.db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", sessionIdOf(t.ctx, tokenOf(pairOf(sessionCookieOf(res))))!)
        .executeTakeFirstOrThrow();
      expect(row.persistent).toBe(0);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(
        SESSION_TTL.browserSessionMs,
      );
    });

    it("rotates the session: a session id from before sign-in is never reused", async () => {
      const { email, password, cookie: before } = await signedInManager(t);
      const res = await login({ email, pword: password }, before);
      const after = pairOf(sessionCookieOf(res));
      expect(tokenOf(after)).not.toBe(tokenOf(before));
      const oldRow = await t.ctx.db
        .selectFrom("sessions")
        .select("id")
        .where("id", "=", sessionIdOf(t.ctx, tokenOf(before))!)
        .executeTakeFirst();
      expect(oldRow).toBeUndefined();
      expect((await navItems(before)).status).toBe(401);
      expect((await navItems(after)).status).toBe(200);
    });
  });

  describe("sessions", () => {
    it("refuses and deletes an expired session", async () => {
      const { cookie } = await signedInManager(t);
      const id = sessionIdOf(t.ctx, tokenOf(cookie))!;
      await t.ctx.db
        .updateTable("sessions")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("id", "=", id)
        .execute();
      const res = await navItems(cookie);
      expect(res.status).toBe(401);
      const row = await t.ctx.db
        .selectFrom("sessions")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("extends a browser session while it is in use", async () => {
      const { cookie } = await signedInManager(t);
      const id = sessionIdOf(t.ctx, tokenOf(cookie))!;
      const soon = new Date(Date.now() + 60_000).toISOString();
      const lastSeen = new Date(Date.now() - TOUCH_INTERVAL_MS - 1000).toISOString();
      await t.ctx.db
        .updateTable("sessions")
        .set({ expires_at: soon, last_seen_at: lastSeen })
        .where("id", "=", id)
        .execute();
      expect((await navItems(cookie)).status).toBe(200);
      const row = await t.ctx.db
        .selectFrom("sessions")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at)).toBeGreaterThan(
        Date.now() + SESSION_TTL.browserSessionMs - 60_000,
      );
    });

    it("purges expired sessions at sign-in", async () => {
      const { user, email, password } = await createManager(t.ctx);
      const past = new Date(Date.now() - 1000).toISOString();
      await t.ctx.db
        .insertInto("sessions")
        .values({
          id: "f".repeat(64),
          user_id: user.id,
          persistent: 0,
          created_at: past,
          expires_at: past,
          last_seen_at: past,
        })
        .execute();
      await login({ email, pword: password });
      const stale = await t.ctx.db
        .selectFrom("sessions")
        .select("id")
        .where("expires_at", "<=", new Date().toISOString())
        .execute();
      expect(stale).toEqual([]);
    });

    it("ignores a cookie that is not a session token", async () => {
      const res = await navItems(`${SESSION_COOKIE}=${"x".repeat(10)}`);
      expect(res.status).toBe(401);
    });
  });

  describe("GET /api/logout", () => {
    it("removes the session row and clears the cookie", async () => {
      const { cookie } = await signedInManager(t);
      const before = await sessionCount();
      const res = await request(t.app).get("/api/logout").set("Cookie", cookie);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      expect(await sessionCount()).toBe(before - 1);
      const cleared = sessionCookieOf(res)!;
      expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
      expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect((await navItems(cookie)).status).toBe(401);
    });

    it("answers status 1 when nobody is signed in", async () => {
      const res = await request(t.app).get("/api/logout");
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
    });

    it("refuses a cross-site request (Sec-Fetch-Site) and keeps the session", async () => {
      const { cookie } = await signedInManager(t);
      const res = await request(t.app)
        .get("/api/logout")
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "cross-site");
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(0);
      expect((await navItems(cookie)).status).toBe(200);
    });

    it("refuses a request whose Origin is another site, and accepts its own origin", async () => {
      const { cookie } = await signedInManager(t);
      const foreign = await request(t.app)
        .get("/api/logout")
        .set("Cookie", cookie)
        .set("Origin", "https://evil.example");
      expect(foreign.status).toBe(403);
      expect((await navItems(cookie)).status).toBe(200);
      const own = request(t.app).get("/api/logout").set("Cookie", cookie);
      const res = await own.set("Sec-Fetch-Site", "same-origin");
      expect(res.status).toBe(200);
      expect((await navItems(cookie)).status).toBe(401);
    });
  });

  describe("GET /api/dashboard/admin_nav_items", () => {
    it("answers 401 when signed out", async () => {
      const res = await navItems();
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 0, msg: "Please sign in to continue." });
    });

    it("answers the manager's name and the dashboard links of their role when signed in", async () => {
      // not the file's first account, so a journal manager (tests/api/roles-accounts.test.ts
      // covers the administrator's menu)
      const { cookie } = await signedInManager(t, { fname: "Emmy", lname: "Noether" });
      const res = await navItems(cookie);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(1);
      expect(res.body.nav_items).toEqual({
        u_name: "Emmy Noether",
        nav_links: MANAGER_NAV_LINKS,
      });
    });
  });

  describe("guards on a dashboard call that changes data", () => {
    let guarded: express.Express;
    beforeAll(() => {
      guarded = express();
      guarded.use(async (req, res, next) => {
        res.locals.user = await loadUser(t.ctx, req, res);
        next();
      });
      guarded.get("/api/test_change", ...managerChange(t.ctx), (_req, res) =>
        sendOk(res, { who: res.locals.user!.email }),
      );
    });

    it("lets a signed-in same-origin request through, with the user from the session", async () => {
      const { cookie, email } = await signedInManager(t);
      const res = await request(guarded)
        .get("/api/test_change?user=someone-else@example.org")
        .set("Cookie", cookie)
        .set("Sec-Fetch-Site", "same-origin");
      expect(res.status).toBe(200);
      expect(res.body.who).toBe(email);
    });

    it("answers 401 when signed out", async () => {
      const res = await request(guarded).get("/api/test_change");
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe("Please sign in to continue.");
    });

    it.each([
      ["Sec-Fetch-Site", "cross-site"],
      ["Sec-Fetch-Site", "same-site"],
      ["Origin", "https://evil.example"],
      ["Origin", "null"],
      ["Referer", "https://evil.example/attack.html"],
    ])("refuses %s: %s with 403 even when signed in", async (header, value) => {
      const { cookie } = await signedInManager(t);
      const res = await request(guarded)
        .get("/api/test_change")
        .set("Cookie", cookie)
        .set(header, value);
      expect(res.status).toBe(403);
      expect(res.body.status).toBe(0);
    });

    it("accepts an Origin naming the site itself", async () => {
      const { cookie } = await signedInManager(t);
      const server = guarded.listen(0);
      try {
        const port = (server.address() as { port: number }).port;
        const res = await request(server)
          .get("/api/test_change")
          .set("Cookie", cookie)
          .set("Host", `localhost:${port}`)
          .set("Origin", `http://localhost:${port}`);
        expect(res.status).toBe(200);
      } finally {
        server.close();
      }
    });

    it("refuses a cross-site sign-in and registration (login CSRF)", async () => {
      const { email, password } = await createManager(t.ctx);
      const signIn = await login({ email, pword: password }).set("Origin", "https://evil.example");
      expect(signIn.status).toBe(403);
      expect(sessionCookieOf(signIn)).toBeUndefined();
      const register = await request(t.app)
        .post("/api/register")
        .set("Sec-Fetch-Site", "cross-site")
        .send(registrationBody());
      expect(register.status).toBe(403);
    });
  });
});

describe(`account API behind HTTPS (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ PUBLIC_URL: "https://journals.example.edu" });
  });
  afterAll(() => t.close());

  it("marks the cookie Secure with the __Host- prefix and accepts the public origin", async () => {
    const { email, password } = await createManager(t.ctx);
    const res = await request(t.app)
      .post("/api/login")
      .set("Origin", "https://journals.example.edu")
      .send({ email, pword: password });
    expect(res.status).toBe(200);
    const cookie = sessionCookieOf(res, SECURE_SESSION_COOKIE)!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).not.toMatch(/Domain=/i);
    const nav = await request(t.app)
      .get("/api/dashboard/admin_nav_items")
      .set("Cookie", pairOf(cookie));
    expect(nav.status).toBe(200);
    // the plain-HTTP cookie name is not accepted on an HTTPS site
    const plain = await request(t.app)
      .get("/api/dashboard/admin_nav_items")
      .set("Cookie", `${SESSION_COOKIE}=${tokenOf(pairOf(cookie))}`);
    expect(plain.status).toBe(401);
  });
});

describe(`registration without a configured passcode (${dialectUnderTest})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ ADMIN_PASSCODE: "" });
  });
  afterAll(() => t.close());

  it("is closed and says so", async () => {
    const res = await request(t.app)
      .post("/api/register")
      .send(registrationBody({ admincode: "" }));
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(
      "Registration is closed: this site has no admin passcode configured.",
    );
  });
});
