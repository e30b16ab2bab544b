import { DomainError, type InputProblem } from "../../errors";
import type { PassthroughRequest } from "../../providers/types";

/** Headers a caller may not send: credentials (the service adds the connection's own) and what only the transport sets. */
const REFUSED_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "cookie2",
  "x-api-key",
  "host",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
  "forwarded",
]);
const REFUSED_PREFIXES = ["proxy-", "x-forwarded-", "cf-", "sec-"];
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Percent-encodings that could turn into separators, dots or a NUL once decoded (once or twice). */
const ENCODED_TRICK = /%(2e|2f|5c|00|25)/i;

const problem = (message: string, path: string, suggestion?: string): InputProblem => ({
  message,
  path,
  ...(suggestion ? { suggestion } : {}),
});

/**
 * Why a passthrough path is refused, if it is: it must stay relative to the provider's API base.
 * No scheme or host (`//host`), no `.` or `..` segments, no backslash, whitespace, control
 * character or fragment, and no percent-encoded dot, slash, backslash, NUL or percent (which a
 * server might decode into one of those). The query may hold anything but those characters.
 */
export function pathProblem(path: string): string | undefined {
  if (!path.startsWith("/")) return "The path must start with `/`: it is relative to the provider's API base.";
  if (path.startsWith("//"))
    return "The path must not name a host (`//host`): it is relative to the provider's API base.";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\s\u0000-\u001f\u007f\\#]/.test(path)) {
    return "The path must not hold whitespace, control characters, backslashes or a fragment (`#`).";
  }
  const [route = ""] = path.split("?", 1);
  if (/^\/[a-z][a-z0-9+.-]*:/i.test(route) || route.includes("://")) return "The path must not hold a scheme.";
  if (route.split("/").some((segment) => segment === "." || segment === "..")) {
    return "The path must not hold `.` or `..` segments.";
  }
  if (ENCODED_TRICK.test(route)) {
    return "The path must not hold percent-encoded dots, slashes, backslashes, NULs or percent signs.";
  }
  if (/%(?![0-9a-f]{2})/i.test(path)) return "The path holds a malformed percent-encoding.";
  // Whatever the checks above miss, a URL parser must agree: the path stays under the base.
  const base = "https://provider.invalid/api";
  const url = new URL(`${base}${path}`);
  if (url.host !== "provider.invalid" || !url.pathname.startsWith("/api/")) {
    return "The path must stay under the provider's API base.";
  }
  return undefined;
}

/** The caller's headers, checked: names are HTTP tokens, values one line, none of the refused ones. */
function headerProblems(headers: Readonly<Record<string, string>>): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const at = `{requestBody}.headers.${name}`;
    const lower = name.toLowerCase();
    if (!TOKEN.test(name)) problems.push(problem("Not a valid header name.", at));
    else if (REFUSED_HEADERS.has(lower) || REFUSED_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
      problems.push(
        problem(
          `The header ${name} is not forwarded: the service sends the connection's own authorization, and the transport sets the rest.`,
          at,
          "Remove it: credentials and cookies of the caller never reach the provider.",
        ),
      );
    } else if (/[\r\n]/.test(value) || value.includes("\u0000")) {
      problems.push(problem("A header value must be one line.", at));
    }
  }
  return problems;
}

/** Checks a caller's passthrough request; DomainError("invalid_input") with every problem found. */
export function checkPassthrough(request: Omit<PassthroughRequest, "signal">): void {
  const problems = headerProblems(request.headers);
  const refused = pathProblem(request.path);
  if (refused)
    problems.unshift(problem(refused, "{requestBody}.path", "Send a path such as /fleet/vehicles?limit=10."));
  if (request.body !== undefined && request.method === "GET") {
    problems.push(problem("A GET request has no body.", "{requestBody}.body", "Drop `body`, or use POST."));
  }
  if (problems.length) {
    throw new DomainError("invalid_input", `The passthrough request was refused: ${problems[0]!.message}`, problems);
  }
}
