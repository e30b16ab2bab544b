import type { ZodError } from "zod";
import type { InputProblem } from "../errors";

type Issue = ZodError["issues"][number];

/**
 * Bounds of what a bad_request repeats of its input, so that the answer to a huge body stays
 * small: problems listed (the message counts them all), characters of one path segment (a
 * key can be as long as the body), and unknown keys named.
 */
export const MAX_PROBLEMS = 50;
const MAX_SEGMENT_CHARS = 64;
const MAX_KEYS_NAMED = 10;

/**
 * Turns zod issues into the contract's bad_request detail entries: the message, the path
 * below `root` (e.g. `{requestBody}.credentials.username`), a suggestion, and the issue's
 * parameters as context. At most MAX_PROBLEMS entries.
 */
export function describeIssues(error: ZodError, root: string): InputProblem[] {
  return error.issues.slice(0, MAX_PROBLEMS).map((issue) => describeIssue(issue, root));
}

const shorten = (text: string) => (text.length > MAX_SEGMENT_CHARS ? `${text.slice(0, MAX_SEGMENT_CHARS - 1)}…` : text);

function describeIssue(issue: Issue, root: string): InputProblem {
  const path = [
    root,
    ...issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${shorten(String(part))}`)),
  ]
    .join("")
    .replaceAll(".[", "[");
  const { message, code, path: _path, input: _input, ...params } = issue as Issue & { input?: unknown };
  const context: Record<string, unknown> = { code };
  // A custom check (bounded-json.ts) puts its limit in `params`; every other issue at the top level.
  const custom = issue.code === "custom" ? (issue.params ?? {}) : {};
  const { suggestion: customSuggestion, ...customParams } = custom as { suggestion?: unknown };
  for (const [key, value] of Object.entries({ ...params, ...customParams })) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") context[key] = value;
    else if (key === "keys" && Array.isArray(value) && value.length > MAX_KEYS_NAMED) {
      // The unknown keys of an unrecognized_keys issue: the first few, and how many in all.
      context.keys = value.slice(0, MAX_KEYS_NAMED).map((item) => shorten(String(item)));
      context.keyCount = value.length;
    } else if (Array.isArray(value) && value.every((item) => typeof item !== "object")) context[key] = value;
    else if (typeof value === "bigint") context[key] = value.toString();
  }
  const suggestion = typeof customSuggestion === "string" ? customSuggestion : suggest(issue);
  // zod's own message names every unknown key: a body of 100,000 of them would be echoed whole.
  const shortMessage =
    issue.code === "unrecognized_keys" && issue.keys.length > MAX_KEYS_NAMED
      ? `Unrecognized keys: ${nameKeys(issue.keys, (key) => JSON.stringify(key))}`
      : message;
  return { message: shortMessage, path, ...(suggestion ? { suggestion } : {}), context };
}

/** `a`, `b` …: at most MAX_KEYS_NAMED of them, then how many more. */
function nameKeys(keys: readonly string[], quote = (key: string) => `\`${key}\``): string {
  const named = keys.slice(0, MAX_KEYS_NAMED).map((key) => quote(shorten(key)));
  const more = keys.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}

function suggest(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? `Provide this ${issue.expected} field.`
        : `Send a value of type ${issue.expected}.`;
    case "invalid_value":
      return `Use one of: ${issue.values.map((value) => JSON.stringify(value)).join(", ")}.`;
    case "too_big":
      return `Use ${issue.origin === "array" ? "at most" : "a value of at most"} ${String(issue.maximum)}${issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : ""}.`;
    case "too_small":
      return `Use ${issue.origin === "array" ? "at least" : "a value of at least"} ${String(issue.minimum)}${issue.origin === "string" ? " characters" : issue.origin === "array" ? " items" : ""}.`;
    case "unrecognized_keys":
      return `Remove ${nameKeys(issue.keys)}: not an accepted field here.`;
    case "invalid_format":
      return "pattern" in issue && issue.pattern
        ? `Match the pattern ${String(issue.pattern)}.`
        : `Send a valid ${issue.format}.`;
    default:
      return undefined;
  }
}
