import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { dialectUnderTest } from "../helpers/context.ts";
import { type Fields, postForm } from "../helpers/form-calls.ts";
import { managerFileContext } from "../helpers/seeded-context.ts";
import {
  executableBytes,
  jpegImage,
  oversizedPng,
  pngImage,
  storedFiles,
} from "../helpers/uploads.ts";

const t = managerFileContext();
let logo: Buffer;

beforeAll(async () => {
  logo = await pngImage(96, 96);
});

type Partner = { id: number; name: string; link: string; logo: string | null; position: number };

/** A multipart POST to `/api{path}` signed in (unless `as` is null), `file` as the logo. */
const post = (path: string, body: Fields, file?: Buffer | null, as: string | null = t.cookie) =>
  postForm(t, path, body, file && { field: "logo", bytes: file, name: "logo.png" }, as);

const reorder = (ids: unknown, as: string | null = t.cookie) => {
  const req = request(t.app).post("/api/reorder_partners").send({ ids });
  return as ? req.set("Cookie", as) : req;
};

async function publicOrder(): Promise<string[]> {
  const res = await request(t.app).get("/api/partners");
  expect(res.status).toBe(200);
  return res.body.partners.map((p: Partner) => p.name);
}

async function dashboardList(): Promise<Partner[]> {
  const res = await request(t.app).get("/api/dashboard/partners").set("Cookie", t.cookie);
  expect(res.status).toBe(200);
  return res.body.partners;
}

const ids = async (...names: string[]) => {
  const list = await dashboardList();
  return names.map((n) => list.find((p) => p.name === n)!.id);
};

describe(`dashboard partner calls on ${dialectUnderTest}`, () => {
  it("answers 401 to every call when signed out", async () => {
    const answers = await Promise.all([
      request(t.app).get("/api/dashboard/partners"),
      post("/create_partner", { name: "ETH Zurich" }, logo, null),
      post("/edit_partner/1", { name: "ETH Zurich" }, null, null),
      reorder([1], null),
      post("/delete_partner/1", {}, null, null),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.status).toBe(0);
    }
    expect(await storedFiles(t)).toEqual([]);
  });

  it("answers 403 to every change sent cross-site", async () => {
    const answers = [
      await post("/create_partner", { name: "ETH Zurich" }, logo).set(
        "Origin",
        "https://evil.example",
      ),
      await post("/edit_partner/1", { name: "X" }).set("Sec-Fetch-Site", "cross-site"),
      await reorder([1]).set("Sec-Fetch-Site", "cross-site"),
      await post("/delete_partner/1", {}).set("Sec-Fetch-Site", "cross-site"),
    ];
    for (const res of answers) expect(res.status).toBe(403);
    expect(await publicOrder()).toEqual([]);
    expect(await storedFiles(t)).toEqual([]);
  });

  describe("POST /api/create_partner", () => {
    it("needs a name and a logo, and a link that is an http(s) address", async () => {
      const res = await post("/create_partner", { name: "", link: "ftp://files.example" });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(["link", "logo", "name"]);
      expect(res.body.errors.link).toBe(
        "Enter the partner's web address starting with https://, or leave it empty.",
      );
    });

    it("refuses a logo that is not an image (415) or too large (413), storing nothing", async () => {
      const bad = await post("/create_partner", { name: "ETH Zurich" }, await executableBytes());
      expect(bad.status).toBe(415);
      const big = await post("/create_partner", { name: "ETH Zurich" }, await oversizedPng());
      expect(big.status).toBe(413);
      expect(await storedFiles(t)).toEqual([]);
      expect(await publicOrder()).toEqual([]);
    });

    it("adds partners last, in the order the home carousel shows them", async () => {
      for (const [name, link] of [
        ["ETH Zurich", "https://ethz.ch"],
        ["Brandeis University", ""],
        ["University of Oxford", "https://www.ox.ac.uk/"],
      ]) {
        const res = await post("/create_partner", { name: name!, link: link! }, logo);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ status: 1, msg: "Partner Added Successfully." });
      }
      expect(await publicOrder()).toEqual([
        "ETH Zurich",
        "Brandeis University",
        "University of Oxford",
      ]);
      const list = await dashboardList();
      expect(list.map((p) => p.position)).toEqual([1, 2, 3]);
      expect(list[0]).toMatchObject({ link: "https://ethz.ch" });
      expect(list[0]!.logo).toMatch(/^\/files\/logos\/[0-9a-f]{32}\.png$/);
      expect(await storedFiles(t)).toHaveLength(9);
    });

    it("answers 409 for a name that exists in any case, leaving no file", async () => {
      const before = await storedFiles(t);
      const res = await post("/create_partner", { name: "eth zurich" }, await jpegImage());
      expect(res.status).toBe(409);
      expect(res.body.errors).toEqual({ name: "A partner with this name already exists." });
      expect(await storedFiles(t)).toEqual(before);
    });
  });

  describe("POST /api/edit_partner/{id}", () => {
    it("changes name and link and keeps the logo when none is sent", async () => {
      const [id] = await ids("Brandeis University");
      const before = (await dashboardList()).find((p) => p.id === id)!;
      const res = await post(`/edit_partner/${id}`, {
        name: "Brandeis University (Waltham)",
        link: "https://www.brandeis.edu",
      });
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe("Partner Updated Successfully.");
      const after = (await dashboardList()).find((p) => p.id === id)!;
      expect(after).toMatchObject({
        name: "Brandeis University (Waltham)",
        link: "https://www.brandeis.edu",
        logo: before.logo,
        position: 2,
      });
    });

    it("replaces the logo with a new one and removes the old files", async () => {
      const [id] = await ids("ETH Zurich");
      const before = (await dashboardList()).find((p) => p.id === id)!.logo!;
      const res = await post(`/edit_partner/${id}`, { name: "ETH Zurich" }, await jpegImage());
      expect(res.status).toBe(200);
      const after = (await dashboardList()).find((p) => p.id === id)!.logo!;
      expect(after).toMatch(/\.jpg$/);
      expect((await request(t.app).get(before)).status).toBe(404);
      expect((await request(t.app).get(after)).status).toBe(200);
      expect(await storedFiles(t)).toHaveLength(9);
    });

    it("answers 404 for an unknown partner and 409 for another partner's name", async () => {
      expect((await post("/edit_partner/999", { name: "Nobody" })).status).toBe(404);
      expect((await post("/edit_partner/abc", { name: "Nobody" })).status).toBe(404);
      const [id] = await ids("ETH Zurich");
      const taken = await post(`/edit_partner/${id}`, { name: "UNIVERSITY OF OXFORD" });
      expect(taken.status).toBe(409);
    });
  });

  describe("POST /api/reorder_partners", () => {
    it("puts the partners in the order given, and the public list follows", async () => {
      const order = await ids(
        "University of Oxford",
        "ETH Zurich",
        "Brandeis University (Waltham)",
      );
      const res = await reorder(order);
      expect(res.status).toBe(200);
      expect(res.body.partners.map((p: Partner) => p.id)).toEqual(order);
      expect(await publicOrder()).toEqual([
        "University of Oxford",
        "ETH Zurich",
        "Brandeis University (Waltham)",
      ]);
    });

    it("refuses a list that leaves a partner out, repeats one or is not a list", async () => {
      const [a, b] = await ids("University of Oxford", "ETH Zurich");
      for (const body of [[a, b], [a, b, b], "1,2,3", []]) {
        const res = await reorder(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.status).toBe(0);
      }
      expect(await publicOrder()).toEqual([
        "University of Oxford",
        "ETH Zurich",
        "Brandeis University (Waltham)",
      ]);
    });
  });

  describe("POST /api/delete_partner/{id}", () => {
    it("removes the partner and its logo files; the others close the gap", async () => {
      const [id] = await ids("ETH Zurich");
      const logoUrl = (await dashboardList()).find((p) => p.id === id)!.logo!;
      const res = await post(`/delete_partner/${id}`, {});
      expect(res.status).toBe(200);
      expect(res.body.msg).toBe("Partner Removed Successfully.");
      expect(await publicOrder()).toEqual([
        "University of Oxford",
        "Brandeis University (Waltham)",
      ]);
      expect((await dashboardList()).map((p) => p.position)).toEqual([1, 2]);
      expect((await request(t.app).get(logoUrl)).status).toBe(404);
      expect(await storedFiles(t)).toHaveLength(6);
    });

    it("answers 404 for a partner that is not there", async () => {
      const res = await post("/delete_partner/999", {});
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe("There is no such partner.");
    });
  });
});
