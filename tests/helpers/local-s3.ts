/**
 * A real S3 API for the storage tests (issue 19, decision 295): the npm package `s3rver`, run in
 * this process on a free port of 127.0.0.1 with its objects in a temp folder, one bucket made.
 * `env` is what a test context or a child server needs to keep its files there
 * (`STORAGE_URL=s3://…`, `S3_ENDPOINT`, path-style addressing and s3rver's fixed credentials).
 * `stop` and `start` take the store down and bring it back on the same port (an outage).
 */
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  /** Configuration variables naming the bucket (with `prefix`) and the endpoint. */
  env: Record<string, string>;
  /** The store's origin, `http://127.0.0.1:{port}`. */
  endpoint: string;
  /** Stops answering (connections are refused); the objects stay. */
  stop(): Promise<void>;
  /** Answers again on the same port. */
  start(): Promise<void>;
  /** Stops and removes the objects. */
  close(): Promise<void>;
};

/** Starts s3rver with bucket `bucket`; files are kept under `prefix` in it. */
export async function startLocalS3(bucket = "athenaeum", prefix = "site"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "athenaeum-s3-"));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    await server.run();
    port = (server.httpServer.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.httpServer.closeAllConnections();
    await s.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "1",
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
