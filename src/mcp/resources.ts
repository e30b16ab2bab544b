import type { McpServer } from "@modelcontextprotocol/server";
import { callApi } from "../api/in-process-call";
import { DATA_MODEL } from "./data-model";
import type { McpSession } from "./session";

/** The API reference and the data model, for agents that want the whole picture before they call tools. */
export function registerResources(server: McpServer, session: McpSession) {
  server.registerResource(
    "openapi",
    "telematics://openapi.json",
    {
      title: "OpenAPI document",
      description: "The REST API's OpenAPI 3.1 document: every route, field, unit and error the tools mirror.",
      mimeType: "application/json",
    },
    async (uri) => {
      const answer = await callApi(session.caller, { method: "GET", path: "/openapi.json" });
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(answer.body) }] };
    },
  );
  server.registerResource(
    "data-model",
    "telematics://data-model.md",
    {
      title: "Data model",
      description: "Applications, connections and the records synced from telematics providers, and how they relate.",
      mimeType: "text/markdown",
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: DATA_MODEL }] }),
  );
}
