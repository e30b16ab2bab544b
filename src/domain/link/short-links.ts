import { and, eq, isNull } from "drizzle-orm";
import { shortLinkLifetimeDays } from "../../config";
import type { ServiceContext, Tenant } from "../../context";
import type { Database } from "../../db/client";
import { type LinkParams, type LinkShortLinkRow, linkShortLinks } from "../../db/schema";
import { ofTenant } from "../../db/tenant";
import type { Env } from "../../env";
import { DomainError, type InputProblem } from "../../errors";
import { toHex, utf8 } from "../../lib/encoding";
import { newId } from "../../lib/ids";
import { providerCodes } from "../../providers/registry";

/** Lower-case letters and digits without the look-alikes (i, l, o, 0, 1): codes are read aloud and retyped. */
export const SHORT_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export const SHORT_CODE_LENGTH = 8;
const SHORT_CODE_PATTERN = /^[a-hjkmnp-z2-9]{8}$/;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A code and a ULID each collide so rarely that a few attempts only ever fail on a fault. */
const MAX_ATTEMPTS = 5;

/** What a short link may preset, plus its expiry; the API has checked shapes, this checks what depends on state. */
export type CreateShortLinkInput = LinkParams & { expiresAt?: string };

export type ShortLinkResolution =
  | { status: "live"; link: LinkShortLinkRow }
  | { status: "expired" | "deleted" | "unknown" };

/** A random code of SHORT_CODE_LENGTH characters; rejection sampling keeps every character uniform. */
export function generateShortCode(): string {
  // 248 is the largest multiple of 31 below 256: bytes at or above it would favour the first characters.
  const limit = 256 - (256 % SHORT_CODE_ALPHABET.length);
  let code = "";
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(SHORT_CODE_LENGTH * 2))) {
      if (byte < limit && code.length < SHORT_CODE_LENGTH) {
        code += SHORT_CODE_ALPHABET[byte % SHORT_CODE_ALPHABET.length];
      }
    }
  }
  return code;
}

/** The address the end user opens: the hosted flow's origin, `/s/`, the code. */
export function shortLinkUrl(env: Pick<Env, "LINK_BASE_URL">, code: string): string {
  return `${env.LINK_BASE_URL.replace(/\/+$/, "")}/s/${code}`;
}

/**
 * Creates a short link, or answers the live one made from the same body (`replayed`). The
 * partial unique index on (application, environment, body hash) among undeleted links is what
 * makes this idempotent: the insert does nothing when a live twin exists, and the read in the
 * same batch sees whichever row won, so concurrent identical requests share one link.
 */
export async function createShortLink(
  { db, env }: ServiceContext,
  tenant: Tenant,
  input: CreateShortLinkInput,
): Promise<{ link: LinkShortLinkRow; replayed: boolean }> {
  const now = new Date();
  const { expiresAt: requestedExpiry, ...rest } = input;
  const params = normalizeParams(rest);
  const expiresAt = checkInput(tenant, params, requestedExpiry, now, shortLinkLifetimeDays(env));
  // The expiry is part of the body only when it was sent: the default moves with the clock, which would break replays.
  const bodyHash = await sha256Hex(
    canonicalJson({ ...params, ...(requestedExpiry ? { expiresAt: expiresAt.toISOString() } : {}) }),
  );
  const liveTwin = and(
    ...ofTenant(linkShortLinks, tenant),
    eq(linkShortLinks.bodyHash, bodyHash),
    isNull(linkShortLinks.deletedAt),
  );

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row: LinkShortLinkRow = {
      id: newId("shortLink", now.getTime()),
      applicationId: tenant.applicationId,
      environment: tenant.environment,
      code: generateShortCode(),
      bodyHash,
      params,
      expiresAt,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    // No conflict target: a taken code must be skipped like a live twin, and the read below tells the two apart.
    const [, [live]] = await db.batch([
      db.insert(linkShortLinks).values(row).onConflictDoNothing(),
      db.select().from(linkShortLinks).where(liveTwin).limit(1),
    ]);
    if (!live) continue; // the code was taken: try another
    if (live.id === row.id) return { link: live, replayed: false };
    if (live.expiresAt.getTime() > now.getTime()) return { link: live, replayed: true };
    // An expired twin holds the body's slot in the unique index: retire it (once, whoever gets there first) and retry.
    await db
      .update(linkShortLinks)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(linkShortLinks.id, live.id), isNull(linkShortLinks.deletedAt)));
  }
  throw new Error(`short link not created after ${MAX_ATTEMPTS} attempts`);
}

/** Soft-deletes the tenant's live link with this id; not_found for any other (unknown, foreign, already deleted). */
export async function deleteShortLink({ db }: ServiceContext, tenant: Tenant, id: string): Promise<void> {
  const now = new Date();
  const deleted = await db
    .update(linkShortLinks)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(linkShortLinks.id, id), ...ofTenant(linkShortLinks, tenant), isNull(linkShortLinks.deletedAt)))
    .returning({ id: linkShortLinks.id });
  if (deleted.length === 0) throw new DomainError("not_found", "No short link with this id.");
}

/**
 * What a code opened in the browser leads to. Codes are global (unique across tenants), so the
 * code alone finds the link; anything that is not a well-formed code is simply unknown.
 */
export async function resolveShortLink(
  db: Database,
  code: string,
  now: Date = new Date(),
): Promise<ShortLinkResolution> {
  if (typeof code !== "string" || !SHORT_CODE_PATTERN.test(code)) return { status: "unknown" };
  const [link] = await db.select().from(linkShortLinks).where(eq(linkShortLinks.code, code)).limit(1);
  if (!link) return { status: "unknown" };
  // A link retired because it had expired (to make room for a new one) still reads as expired.
  if (link.deletedAt && link.deletedAt.getTime() < link.expiresAt.getTime()) return { status: "deleted" };
  if (link.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "live", link };
}

/** The params as stored and hashed: URLs and times in one spelling each, so equal requests hash equally. */
function normalizeParams(params: LinkParams): LinkParams {
  const normalized: LinkParams = { ...params };
  if (params.redirectUrl !== undefined) normalized.redirectUrl = new URL(params.redirectUrl).href;
  // No hints are no hints: an empty list is the same body as none.
  if (params.providerHints?.length === 0) delete normalized.providerHints;
  const startFrom = params.backfill?.startFrom;
  if (startFrom !== undefined) {
    // A date alone means midnight UTC, as the hosted flow's `backfill_start_from` does: one spelling for both.
    const time = /^\d{4}-\d{2}-\d{2}$/.test(startFrom) ? `${startFrom}T00:00:00.000Z` : startFrom;
    normalized.backfill = { ...params.backfill, startFrom: new Date(time).toISOString() };
  }
  return normalized;
}

/** Checks what the request's shape cannot: the provider of the environment and times relative to now. Answers the expiry. */
/**
 * The problems of what a link presets, and its expiry: `lifetimeDays` from now unless asked for
 * sooner. A link lives at most `lifetimeDays`, so a leaked one stops working within that time.
 */
function checkInput(
  tenant: Tenant,
  params: LinkParams,
  requestedExpiry: string | undefined,
  now: Date,
  lifetimeDays: number,
): Date {
  const problems: InputProblem[] = [];
  if (params.provider !== undefined && !providerCodes(tenant.environment).includes(params.provider)) {
    const codes = providerCodes(tenant.environment);
    problems.push({
      message: `Unknown provider \`${params.provider}\` in the ${tenant.environment} environment.`,
      path: "{requestBody}.provider",
      suggestion: codes.length
        ? `Use one of: ${codes.join(", ")} (GET /providers lists them), or leave it out to let the user choose.`
        : "Leave it out: no provider is available here yet.",
    });
  }
  for (const [index, hint] of (params.providerHints ?? []).entries()) {
    if (providerCodes(tenant.environment).includes(hint)) continue;
    problems.push({
      message: `Unknown provider \`${hint}\` in the ${tenant.environment} environment.`,
      path: `{requestBody}.providerHints[${index}]`,
      suggestion: `Hint providers of GET /providers: ${providerCodes(tenant.environment).join(", ")}.`,
    });
  }
  const startFrom = params.backfill?.startFrom;
  if (startFrom !== undefined && Date.parse(startFrom) > now.getTime()) {
    problems.push({
      message: "The backfill cannot start in the future.",
      path: "{requestBody}.backfill.startFrom",
      suggestion: "Use a date or time in the past, or today.",
    });
  }
  const latest = now.getTime() + lifetimeDays * DAY_MS;
  let expiresAt = new Date(latest);
  if (requestedExpiry !== undefined) {
    expiresAt = new Date(requestedExpiry);
    if (expiresAt.getTime() <= now.getTime()) {
      problems.push({
        message: "The expiry must be in the future.",
        path: "{requestBody}.expiresAt",
        suggestion: `Use a time after now, or leave it out for ${lifetimeDays} days.`,
      });
    } else if (expiresAt.getTime() > latest) {
      problems.push({
        message: `The expiry is more than ${lifetimeDays} days away, the longest a link lives here.`,
        path: "{requestBody}.expiresAt",
        suggestion: `Use a time at most ${lifetimeDays} days from now, or leave it out for that.`,
      });
    }
  }
  const [first] = problems;
  if (first) {
    const more =
      problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? "s" : ""})` : "";
    throw new DomainError("invalid_input", `${first.message.replace(/\.$/, "")}${more}.`, problems);
  }
  return expiresAt;
}

/** JSON with every object's keys sorted and undefined members dropped: one text per value, whatever the key order sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(text))));
}
