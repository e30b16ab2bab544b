import type { Context } from "hono";
import type { AcceptedAgreement } from "../db/schema";
import type { AppEnv } from "../env";

/**
 * What the agreement record keeps of the browser that accepted: address (Cloudflare's
 * CF-Connecting-IP; absent locally), user agent, and the approximate place Cloudflare derives
 * from the address, when known.
 */
export function acceptanceOf(
  c: Context<AppEnv>,
  agreement: { type: string; agreementUrl: string },
  now = new Date(),
): AcceptedAgreement {
  const ipAddress = c.req.header("cf-connecting-ip")?.slice(0, 64);
  const userAgent = c.req.header("user-agent")?.slice(0, 512);
  const location = locationOf(c.req.raw.cf);
  return {
    ...agreement,
    acceptedAt: now.toISOString(),
    ...(ipAddress ? { ipAddress } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(location ? { location } : {}),
  };
}

function locationOf(cf: Request["cf"]): string | undefined {
  if (!cf) return undefined;
  const parts = [cf.city, cf.region, cf.country].filter(
    (part): part is string => typeof part === "string" && part.length > 0 && part !== "XX",
  );
  return parts.length ? parts.join(", ") : undefined;
}

/**
 * The origin of the page embedding the flow, read from the first request's Referer (browsers
 * send the embedding page's origin by default). postMessage targets it, so the public token
 * goes only to that page. Undefined when unknown or when it is the flow's own origin.
 */
export function embeddingOriginOf(c: Context<AppEnv>, ownOrigin: string): string | undefined {
  const referer = c.req.header("referer");
  if (!referer) return undefined;
  try {
    const origin = new URL(referer).origin;
    return origin === "null" || origin === ownOrigin ? undefined : origin;
  } catch {
    return undefined;
  }
}
