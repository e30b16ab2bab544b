/**
 * The test run's fake servers in a process of their own (started by test/global-setup.ts): the
 * fake providers, the webhook receiver, the DNS-over-HTTPS resolver and the storage servers data
 * destinations write to (storage/servers.ts: s3rver and kinesalite; storage/faulty-proxy.ts: a
 * proxy in front of s3rver that injects faults). Their own event
 * loop is idle but for them, so what they record (when each request arrived, in the pacing
 * tests) is not held up by the test runner's work in its process. Prints their addresses as
 * one JSON line on stdout; stops when its parent closes its stdin (or dies).
 */
import { startDoh } from "./doh.ts";
import { startAllFakes } from "./start-all.ts";
import { startFaultyS3Proxy } from "./storage/faulty-proxy.ts";
import { startKinesis, startS3 } from "./storage/servers.ts";
import { startWebhookReceiver } from "./webhook-receiver.ts";

// One fake's bug (an error thrown outside a request's handler, a socket's unhandled error event)
// must not take every other fake down for the rest of the run, failing hundreds of unrelated tests
// at once: it is reported on stderr, which the test run shows, and the other fakes serve on. The
// request that met it fails, and so does its test.
process.on("uncaughtException", (error) => {
  console.error(`fake servers: uncaught exception (serving on): ${error.stack ?? String(error)}`);
});
process.on("unhandledRejection", (reason) => {
  console.error(`fake servers: unhandled rejection (serving on): ${String(reason)}`);
});

const [fakes, receiver, doh, s3, kinesis] = await Promise.all([
  startAllFakes(),
  startWebhookReceiver(),
  startDoh(),
  startS3(),
  startKinesis(),
]);
const faultyS3 = await startFaultyS3Proxy(s3.url);
process.stdout.write(
  `${JSON.stringify({
    fakeProviderUrls: fakes.urls,
    webhookReceiverUrl: receiver.url,
    fakeDohUrl: doh.url,
    s3Url: s3.url,
    faultyS3Url: faultyS3.url,
    kinesisUrl: kinesis.url,
  })}\n`,
);

// A server's close waits for its open connections (a runtime's keep-alive ones may never end):
// the process leaves after a second whatever they do.
let stopping: Promise<unknown> | undefined;
const stop = () => {
  stopping ??= Promise.all([
    fakes.close(),
    receiver.close(),
    doh.close(),
    s3.close(),
    faultyS3.close(),
    kinesis.close(),
  ]).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
  return stopping;
};
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
