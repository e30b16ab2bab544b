import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import type { TestProject } from "vitest/node";

/**
 * Starts the fake servers (real HTTP on loopback) for the whole test run, in a process of their
 * own (test/fakes/serve.ts); their addresses reach the Worker as its provider base URL bindings
 * (test/workers-project.ts). The same process runs s3rver and kinesalite, which data destinations
 * write to (S3_TEST_ENDPOINT, KINESIS_TEST_ENDPOINT), and a fault-injecting proxy in front of
 * s3rver (S3_FAULTY_TEST_ENDPOINT).
 */
export default async function setup(project: TestProject) {
  // The project's own Node (the `node` package), which runs TypeScript as npm start does.
  const node = path.join(import.meta.dirname, "../node_modules/.bin/node");
  const child = spawn(node, [path.join(import.meta.dirname, "fakes/serve.ts")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const addresses = await new Promise<Addresses>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the fake servers exited (${code}) before they started`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line) as Addresses));
  });
  project.provide("fakeProviderUrls", addresses.fakeProviderUrls);
  project.provide("webhookReceiverUrl", addresses.webhookReceiverUrl);
  project.provide("fakeDohUrl", addresses.fakeDohUrl);
  project.provide("s3TestEndpoint", addresses.s3Url);
  project.provide("kinesisTestEndpoint", addresses.kinesisUrl);
  project.provide("s3FaultyTestEndpoint", addresses.faultyS3Url);
  return async () => {
    child.stdin!.end();
    // It leaves within a second of its stdin closing (test/fakes/serve.ts); never wait on it longer.
    const killed = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(killed);
  };
}

type Addresses = {
  fakeProviderUrls: Record<string, string>;
  webhookReceiverUrl: string;
  fakeDohUrl: string;
  s3Url: string;
  kinesisUrl: string;
  faultyS3Url: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The fake providers' addresses, by fake (test/fakes/providers.ts). */
    fakeProviderUrls: Record<string, string>;
    /** The fake webhook receiver (test/fakes/webhook-receiver.ts). */
    webhookReceiverUrl: string;
    /** The fake DNS-over-HTTPS resolver webhook hosts are resolved with (test/fakes/doh.ts). */
    fakeDohUrl: string;
    /** s3rver, the S3 data destinations write to in tests (test/fakes/storage/servers.ts). */
    s3TestEndpoint: string;
    /** kinesalite, the Kinesis data destinations write to in tests (test/fakes/storage/servers.ts). */
    kinesisTestEndpoint: string;
    /** s3rver behind a proxy that injects the faults a test arms (test/fakes/storage/faulty-proxy.ts). */
    s3FaultyTestEndpoint: string;
  }
}
