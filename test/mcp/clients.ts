/**
 * MCP clients of the Worker as real third-party clients: the official SDK's `Client` over
 * Streamable HTTP, from both the current major version (`@modelcontextprotocol/client` 2.x, which
 * speaks the current protocol revision) and the 1.x line most deployed agents still run
 * (`@modelcontextprotocol/sdk`, the previous revision). Their requests reach the Worker's fetch handler.
 */
import { exports } from "cloudflare:workers";
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as TransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The MCP addresses of the test configuration's base addresses (`/tsp/v1` → `/mcp`). */
export const MCP = {
  production: "https://api.telematics.test/mcp",
  sandbox: "https://sandbox.telematics.test/mcp",
} as const;

export type McpCredentials = { key: string; connectionToken?: string; applicationId?: string };

/** Both SDK generations, by name, so a test runs once with each. */
export const SDK_GENERATIONS = ["v2", "v1"] as const;
export type SdkGeneration = (typeof SDK_GENERATIONS)[number];

/** The calls the tests make, the same with either generation. */
export type TestClient = {
  listTools(): Promise<{ tools: { name: string; inputSchema: unknown; annotations?: { readOnlyHint?: boolean } }[] }>;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(uri: string): Promise<{ contents: { uri: string; text?: string; mimeType?: string }[] }>;
  protocolVersion(): string | undefined;
  close(): Promise<void>;
};

export type ToolAnswer = {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, any>;
};

function headersOf(credentials: McpCredentials): Record<string, string> {
  return {
    authorization: `Bearer ${credentials.key}`,
    ...(credentials.connectionToken ? { "connection-token": credentials.connectionToken } : {}),
    ...(credentials.applicationId ? { "x-application-id": credentials.applicationId } : {}),
  };
}

/** The Worker's own fetch handler, as the transports' `fetch`. */
const workerFetch = (input: string | URL | Request, init?: RequestInit) =>
  exports.default.fetch(new Request(input, init)) as Promise<Response>;

/** A connected client of one SDK generation (initialize done). */
export async function connectMcp(
  generation: SdkGeneration,
  credentials: McpCredentials,
  url: string = MCP.sandbox,
): Promise<TestClient> {
  const requestInit = { headers: headersOf(credentials) };
  const info = { name: `test-client-${generation}`, version: "1.0.0" };
  if (generation === "v2") {
    // The current SDK negotiates the revision (`auto`: the current one when the server speaks it);
    // left to its default it would speak the previous one, as the 1.x line does.
    const client = new ClientV2(info, { versionNegotiation: { mode: "auto" } });
    await client.connect(new TransportV2(new URL(url), { requestInit, fetch: workerFetch }));
    return testClient(client, () => client.getNegotiatedProtocolVersion());
  }
  const client = new ClientV1(info);
  const transport = new TransportV1(new URL(url), { requestInit, fetch: workerFetch });
  await client.connect(transport);
  return testClient(client, () => transport.protocolVersion);
}

/** The calls both generations' clients make alike. */
type SdkClient = {
  listTools(): Promise<unknown>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listResources(): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  close(): Promise<void>;
};

function testClient(client: SdkClient, protocolVersion: () => string | undefined): TestClient {
  return {
    listTools: () => client.listTools() as ReturnType<TestClient["listTools"]>,
    callTool: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<ToolAnswer>,
    listResources: () => client.listResources() as ReturnType<TestClient["listResources"]>,
    readResource: (uri) => client.readResource({ uri }) as ReturnType<TestClient["readResource"]>,
    protocolVersion,
    close: () => client.close(),
  };
}
