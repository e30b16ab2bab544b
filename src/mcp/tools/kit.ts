import { z } from "@hono/zod-openapi";
import type { CallToolResult, McpServer, StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import { type ApiAnswer, type ApiRequest, callApi } from "../../api/in-process-call";
import { ApiError } from "../../http/errors";
import { idSchema } from "../../http/schemas/common";
import { canWrite, connectionFor, type McpSession } from "../session";
import { INVALID_ARGUMENTS, type RefusedArguments, type ToolArguments, toolInputSchema } from "./input-schema";

/** A tool argument every connection-scoped tool takes when no Connection-Token pins the session's connection. */
export const ConnectionIdArgument = idSchema("connection")
  .optional()
  .describe(
    "The connection to read (list_connections gives them); not needed when a Connection-Token header pins one.",
  );

/** A tool that answers with what one REST route answers. */
export type ApiToolSpec<S extends z.ZodObject> = {
  name: string;
  title: string;
  description: string;
  /** `connection`: the route reads one connection's data, named by `connectionId` or the pinned token. */
  scope: "application" | "connection";
  /** Changes something: listed only for callers who may (a secret key, an admin member). */
  write?: boolean;
  /** The arguments: the route's own query (and path) schema. */
  input: S;
  /** The route request the arguments make. */
  request: (args: z.output<S>) => Omit<ApiRequest, "connection">;
  /**
   * The answer's body as the tool gives it (a filter computed here: `near`, `below`), or completed by
   * further route requests through `api` (the same caller and connection); the route's by default.
   */
  refine?: (
    body: unknown,
    args: z.output<S>,
    api: (request: Omit<ApiRequest, "connection">) => Promise<ApiAnswer>,
  ) => unknown;
  /** A line or two for the text content: what was found, and how to ask for more. */
  summary: (body: unknown, args: z.output<S>) => string;
};

/**
 * Registers a tool that mirrors a REST route: its arguments validated by the route's schema, its
 * request made to the route in process (api/in-process-call.ts), its answer the route's JSON as structured
 * content with a short summary as text; an error answer is a tool error carrying the contract's
 * error body. A write tool is not registered for a caller who may not write (a viewer).
 */
export function registerApiTool<S extends z.ZodObject>(server: McpServer, session: McpSession, spec: ApiToolSpec<S>) {
  if (spec.write && !canWrite(session.principal)) return;
  const input: z.ZodObject =
    spec.scope === "connection" ? spec.input.extend({ connectionId: ConnectionIdArgument }) : spec.input;
  server.registerTool<StandardSchemaWithJSON, StandardSchemaWithJSON<ToolArguments, ToolArguments>>(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: toolInputSchema(input),
      annotations: { readOnlyHint: !spec.write, openWorldHint: false },
    },
    async (parsed: ToolArguments) => {
      const refused = (parsed as Partial<RefusedArguments>)[INVALID_ARGUMENTS];
      if (refused) return errorResult({ status: refused.status, body: refused.toBody() });
      // `connectionId` says which connection the route reads; it is no argument of the route's own.
      const { connectionId, ...own } = parsed as { connectionId?: string };
      const args = (spec.scope === "connection" ? own : parsed) as z.output<S>;
      try {
        const connection = spec.scope === "connection" ? await connectionFor(session, connectionId) : undefined;
        const answer = await callApi(session.caller, { ...spec.request(args), ...(connection ? { connection } : {}) });
        if (answer.status >= 400) return errorResult(answer);
        const api = (request: Omit<ApiRequest, "connection">) =>
          callApi(session.caller, { ...request, ...(connection ? { connection } : {}) });
        const body = spec.refine ? await spec.refine(answer.body, args, api) : answer.body;
        return successResult(spec.summary(body, args), body);
      } catch (error) {
        if (error instanceof ApiError) return errorResult({ status: error.status, body: error.toBody() });
        throw error;
      }
    },
  );
}

function successResult(summary: string, body: unknown): CallToolResult {
  return {
    content: [{ type: "text", text: summary }],
    ...(isObject(body) ? { structuredContent: body } : {}),
  };
}

/** A route's error (the contract's body: code, message, detail, retryAfter) as a tool error the agent can act on. */
function errorResult(answer: Pick<ApiAnswer, "status" | "body">): CallToolResult {
  const body = isObject(answer.body) ? answer.body : { code: "internal_server_error", message: String(answer.body) };
  const retry = typeof body.retryAfter === "number" ? ` Retry after ${body.retryAfter} s.` : "";
  return {
    isError: true,
    content: [{ type: "text", text: `${String(body.code)} (${answer.status}): ${String(body.message)}${retry}` }],
    structuredContent: body,
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The summary of a page: how many of what, and the cursor of the next page when there is one. */
export function pageSummary(body: unknown, noun: string): string {
  const page = body as { results?: unknown[]; next?: string };
  const count = page.results?.length ?? 0;
  return page.next
    ? `${count} ${noun} on this page. More follow: call again with the same arguments and cursor "${page.next}".`
    : `${count} ${noun}; this is the last page.`;
}

/** The cursor argument of a tool whose route pages: the `next` of the previous answer. */
export const CursorArgument = z
  .string()
  .optional()
  .describe("The `next` value of the previous answer, for the page after it.");
