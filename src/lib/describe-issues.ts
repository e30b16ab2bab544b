import type { ZodError } from "zod";
import type { InputProblem } from "../domain/errors";

type Issue = ZodError["issues"][number];

/**
 * Turns zod issues into the contract's bad_request detail entries: the message, the path
 * below `root` (e.g. `{requestBody}.credentials.username`), a suggestion, and the issue's
 * parameters as context.
 */
export function describeIssues(error: ZodError, root: string): InputProblem[] {
  return error.issues.map((issue) => describeIssue(issue, root));
}

function describeIssue(issue: Issue, root: string): InputProblem {
  const path = [root, ...issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))]
    .join("")
    .replaceAll(".[", "[");
  const { message, code, path: _path, input: _input, ...params } = issue as Issue & { input?: unknown };
  const context: Record<string, unknown> = { code };
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") context[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item !== "object")) context[key] = value;
    else if (typeof value === "bigint") context[key] = value.toString();
  }
  const suggestion = suggest(issue);
  return { message, path, ...(suggestion ? { suggestion } : {}), context };
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
      return `Remove ${issue.keys.map((key) => `\`${key}\``).join(", ")}: not an accepted field here.`;
    case "invalid_format":
      return "pattern" in issue && issue.pattern
        ? `Match the pattern ${String(issue.pattern)}.`
        : `Send a valid ${issue.format}.`;
    default:
      return undefined;
  }
}
