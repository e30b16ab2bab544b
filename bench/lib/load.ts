/**
 * Concurrent load from autocannon against one URL for a few seconds: requests per second and
 * latency percentiles. Non-2xx answers are counted and fail the benchmark (a refused or broken
 * request is not throughput).
 */
import autocannon from "autocannon";

export type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; requests: number };

export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.seconds,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    throw new Error(
      `${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total}`,
    );
  }
  return {
    requestsPerSecond: result.requests.total / options.seconds,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}
