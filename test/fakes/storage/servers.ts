/**
 * The storage a data destination writes to, as real-protocol servers on loopback: s3rver (the S3
 * REST API, files on disk) and kinesalite (the Kinesis JSON 1.1 API, in memory). Neither checks a
 * SigV4 signature itself (credentials.ts; test/destinations/signing.test.ts checks them). Started with the fakes for the test run (serve.ts) and by `npm start`.
 * Both are CommonJS without types (modules.d.ts); Node runs this file as it is.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import kinesalite from "kinesalite";
import S3rver from "s3rver";

export type StorageServer = { url: string; close: () => Promise<void> };

/**
 * s3rver on 127.0.0.1 (port 0: any free one), its buckets as folders of `directory` (a temporary
 * one, removed on close, when not given). Buckets are reached path-style: `<url>/<bucket>/<key>`.
 */
export async function startS3(options: { port?: number; directory?: string; buckets?: string[] } = {}) {
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), "telematics-s3-")));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  await s3rver.configureBuckets();
  // s3rver's own run() leaves a listen error (a busy port) unhandled: its app is served here.
  const server = createServer(s3rver.callback());
  const port = await listen(server, options.port ?? 0).catch(async (error: unknown) => {
    if (!options.directory) await rm(directory, { recursive: true, force: true });
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    // The temporary folder goes at once: the server's close waits for keep-alive connections,
    // which the test run's process does not (serve.ts leaves after a second).
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => server.close(() => resolve())),
        options.directory ? undefined : rm(directory, { recursive: true, force: true }),
      ]);
    },
  } satisfies StorageServer;
}

/**
 * kinesalite on 127.0.0.1, in memory. Streams are ACTIVE as soon as created (no 500 ms CREATING
 * state), and a stream may have up to 50 shards (kinesalite's default limit is 10 in all).
 */
export async function startKinesis(options: { port?: number } = {}) {
  const server = kinesalite({ createStreamMs: 0, deleteStreamMs: 0, updateStreamMs: 0, shardLimit: 50 });
  const port = await listen(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies StorageServer;
}

/** Listens on 127.0.0.1 and gives the port, or fails with the listen error (EADDRINUSE…). */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
