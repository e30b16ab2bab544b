/**
 * Bad input, shard 3 of 3: every third operation of the served OpenAPI document fuzzed with
 * generated and mutated requests (./fuzz-run.ts says what is checked). Three files, so that the
 * fuzzer runs side by side with itself.
 */
import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { fuzzShard, REQUESTS } from "./fuzz-run";

const SHARD = 3;

describe.skipIf(env.FUZZ_SHARD && Number(env.FUZZ_SHARD) !== SHARD)("bad input", () => {
  it(`every operation of shard ${SHARD}/3 answers its share of ${REQUESTS} generated requests without a 5xx, with contract errors and documented bodies`, async () => {
    await fuzzShard(SHARD, 3);
  }, 1_800_000);
});
