import type { PassthroughRequest } from "../../types";
import type { SandboxFleet } from "../fleet";
import { errorResponse } from "./responses";

export type Method = PassthroughRequest["method"];

/** A request as the sandbox API receives it: the path split from its query, headers by lower-case name. */
export type ApiRequest = {
  method: Method;
  path: string;
  query: URLSearchParams;
  headers: Readonly<Record<string, string>>;
  body?: string;
};

/** What a route's handler gets: the request, the path's parameters, and the fleet (at a revision a cursor pins). */
export type RouteContext = {
  request: ApiRequest;
  params: readonly string[];
  fleetAt(revision?: number): SandboxFleet;
};

export type Route = {
  /** Matched against the whole path; its groups are the parameters, percent-decoded. */
  pattern: RegExp;
  /** The methods the route answers; absent: every method. */
  methods?: readonly Method[];
  handle(context: RouteContext): Response;
};

/** The answer of the first route whose pattern matches: 404 when none does, 405 when its methods exclude this one. */
export function dispatch(routes: readonly Route[], request: ApiRequest, fleetAt: RouteContext["fleetAt"]): Response {
  for (const route of routes) {
    const match = route.pattern.exec(request.path);
    if (!match) continue;
    if (route.methods && !route.methods.includes(request.method)) {
      return errorResponse(
        "method_not_allowed",
        `${request.method} is not allowed on ${request.path}.`,
        { allowed: route.methods },
        { allow: route.methods.join(", ") },
      );
    }
    const params = match.slice(1).map((param) => safeDecode(param ?? ""));
    return route.handle({ request, params, fleetAt });
  }
  return errorResponse("not_found", `The sandbox API has no ${request.path}.`, { path: request.path });
}

/**
 * Splits a passthrough path into the path proper (repeated and trailing slashes dropped, as
 * most APIs route them) and its query.
 */
export function apiRequestOf(passthrough: PassthroughRequest): ApiRequest {
  const url = new URL(passthrough.path, "https://sandbox.invalid");
  const path = url.pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
  const headers = Object.fromEntries(
    Object.entries(passthrough.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    method: passthrough.method,
    path,
    query: url.searchParams,
    headers,
    ...(passthrough.body !== undefined ? { body: passthrough.body } : {}),
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
