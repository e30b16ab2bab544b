import { ProviderError } from "../errors";
import type { SandboxFaults } from "./options";
import { sandboxRuntime } from "./runtime";

/**
 * Injected failures, so the engine's fault handling can be exercised against the sandbox.
 * Each kind is drawn on its own, in a fixed order, from the runtime's random source (not the
 * fleet's seed: a fault must go away when the call is retried). A rate of 1 always fails.
 */
export function injectFaults(faults: SandboxFaults, random: () => number = sandboxRuntime.random): void {
  if (faults.rateLimitRate > 0 && random() < faults.rateLimitRate) {
    throw new ProviderError("rate_limited", "Sandbox: too many requests.", faults.retryAfterSeconds);
  }
  if (faults.serverErrorRate > 0 && random() < faults.serverErrorRate) {
    throw new ProviderError("unavailable", "Sandbox: the provider answered 503 Service Unavailable.");
  }
  if (faults.timeoutRate > 0 && random() < faults.timeoutRate) {
    throw new ProviderError("timeout", "Sandbox: the provider did not answer in time.");
  }
}
