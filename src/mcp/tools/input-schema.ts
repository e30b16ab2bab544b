import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import type { z } from "@hono/zod-openapi";
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { ApiError } from "../../http/errors";
import { validationError } from "../../http/handle-error";

/** Where a tool argument's problem is, in the `detail` of a bad_request (as `{requestQuery}` is for a route). */
export const TOOL_ARGUMENTS_PATH = "{toolArguments}";

/**
 * Arguments the route's schema refused: the handler answers the contract's bad_request rather than
 * the SDK's own error text, so an agent reads the same `detail` as a REST client would.
 */
export const INVALID_ARGUMENTS: unique symbol = Symbol("invalid tool arguments");
export type RefusedArguments = { [INVALID_ARGUMENTS]: ApiError };

type JsonSchema = { properties?: Record<string, Record<string, unknown>>; [key: string]: unknown };

/** How a REST query writes a boolean: the strings `true` and `false` (BooleanQuerySchema). */
const isQueryBoolean = (property: Record<string, unknown>) =>
  property.type === "string" &&
  Array.isArray(property.enum) &&
  property.enum.length === 2 &&
  property.enum.includes("true") &&
  property.enum.includes("false");

/**
 * A tool's arguments as a route's own schema validates them, as an agent expects to send them: the
 * JSON Schema clients see carries each argument's description from the route's OpenAPI metadata
 * (zod's own conversion leaves it out), and a query boolean, which a URL writes as `"true"`, is a
 * JSON boolean (sent to the route as the string it reads).
 */
/** Tool arguments: an object of the route's query (and path) fields. */
export type ToolArguments = Record<string, unknown>;

export function toolInputSchema(schema: z.ZodObject): StandardSchemaWithJSON<ToolArguments, ToolArguments> {
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON<ToolArguments, ToolArguments>["~standard"];
  const shape = schema.shape as Record<string, z.ZodType>;
  const advertise = (json: JsonSchema): JsonSchema => {
    const properties = Object.fromEntries(
      Object.entries(json.properties ?? {}).map(([name, property]) => {
        const field = shape[name];
        const description = field && (field.description ?? getOpenApiMetadata(field)?.description);
        const typed = isQueryBoolean(property)
          ? {
              type: "boolean",
              ...(property.default === undefined ? {} : { default: property.default === "true" }),
            }
          : property;
        return [name, { ...typed, ...(typeof description === "string" ? { description } : {}) }];
      }),
    );
    return { ...json, properties };
  };
  const booleans = new Set(
    Object.entries((standard.jsonSchema.input({ target: "draft-2020-12" }) as JsonSchema).properties ?? {})
      .filter(([, property]) => isQueryBoolean(property))
      .map(([name]) => name),
  );
  // A JSON boolean becomes the string the route's schema reads; anything else is left for it to judge.
  const asQuery = (value: unknown) =>
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).map(([name, item]) => [
            name,
            booleans.has(name) && typeof item === "boolean" ? String(item) : item,
          ]),
        )
      : value;
  return {
    "~standard": {
      ...standard,
      validate: (value) => {
        const parsed = schema.safeParse(asQuery(value));
        return parsed.success
          ? { value: parsed.data as ToolArguments }
          : { value: { [INVALID_ARGUMENTS]: validationError(parsed.error, TOOL_ARGUMENTS_PATH) } as ToolArguments };
      },
      jsonSchema: {
        input: (options) => advertise(standard.jsonSchema.input(options) as JsonSchema),
        output: (options) => standard.jsonSchema.output(options),
      },
    },
  };
}
