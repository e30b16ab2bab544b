import { ISSUE_CODES, type IssueCode } from "../../model/normalized";

/**
 * The connection's `options.sandbox`: how big the synthetic fleet is, which state of it to
 * serve, and what to break. Options are customer input stored on the connection, so each one
 * is read on its own and a bad value falls back to its default instead of failing the sync.
 */
export type SandboxOptions = {
  /** Vehicles of the fleet (drivers are about 10% more). */
  fleetSize: number;
  /** State of the fleet; absent: whole hours since the connection was created. */
  revision?: number;
  faults: SandboxFaults;
  /** Issue codes readPage reports on the model each concerns. */
  issues: IssueCode[];
};

export type SandboxFaults = {
  rateLimitRate: number;
  retryAfterSeconds: number;
  serverErrorRate: number;
  timeoutRate: number;
};

export const DEFAULT_FLEET_SIZE = 24;
export const MAX_FLEET_SIZE = 200_000;
/** About 1,100 years of hourly revisions: far beyond any connection, small enough for exact arithmetic. */
export const MAX_REVISION = 10_000_000;
const MAX_RETRY_AFTER_SECONDS = 3600;

export function parseSandboxOptions(options: Readonly<Record<string, unknown>> | undefined): SandboxOptions {
  const raw = record(options?.sandbox);
  const faults = record(raw.faults);
  const revision = integer(raw.revision);
  return {
    fleetSize: clamp(integer(raw.fleetSize) ?? DEFAULT_FLEET_SIZE, 0, MAX_FLEET_SIZE),
    ...(revision !== undefined && revision >= 0 ? { revision: Math.min(revision, MAX_REVISION) } : {}),
    faults: {
      rateLimitRate: rate(faults.rateLimitRate),
      retryAfterSeconds: positive(faults.retryAfterSeconds, MAX_RETRY_AFTER_SECONDS) ?? 1,
      serverErrorRate: rate(faults.serverErrorRate),
      timeoutRate: rate(faults.timeoutRate),
    },
    issues: issueCodes(raw.issues),
  };
}

/** The revision to serve: the option, or whole hours since the connection was created. */
export function resolveRevision(options: SandboxOptions, connectionCreatedAt: Date, now: number): number {
  if (options.revision !== undefined) return options.revision;
  const hours = Math.floor((now - connectionCreatedAt.getTime()) / 3_600_000);
  return clamp(Number.isFinite(hours) ? hours : 0, 0, MAX_REVISION);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A number or numeric string, truncated to an integer; undefined when it is neither. */
function integer(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? Math.trunc(number) : undefined;
}

function rate(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? clamp(value, 0, 1) : 0;
}

function positive(value: unknown, max: number): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(value, max) : undefined;
}

function issueCodes(value: unknown): IssueCode[] {
  if (!Array.isArray(value)) return [];
  const known = value.filter((code): code is IssueCode => (ISSUE_CODES as readonly unknown[]).includes(code));
  return [...new Set(known)];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
