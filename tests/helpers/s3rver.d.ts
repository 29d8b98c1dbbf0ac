// s3rver ships no types: the part of its API the tests use (node_modules/s3rver/lib/s3rver.js).
declare module "s3rver" {
  import type { Server } from "node:http";

  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
