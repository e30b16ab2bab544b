/**
 * The MCP tools of a connection's fleet records (drivers, groups, devices, trailers) with the
 * official SDK's clients of both generations, on one synced sandbox connection per generation:
 * every answer equal to the REST route's body for the same question (pages, the cursor's next
 * page, expand), an unknown id a not_found tool error, and the connection named by `connectionId`
 * or pinned by a Connection-Token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/lib/ids";
import { syncedConnection } from "../destinations/delivery-helpers";
import { createTestApplication } from "../helpers/factories";
import { BASE, call } from "../helpers/http";
import { connectMcp, SDK_GENERATIONS, type TestClient, type ToolAnswer } from "./clients";

/** Each list tool, the REST route it mirrors, the noun of its summary, and an `expand` value it takes. */
const LISTS = [
  ["list_drivers", "/drivers", "drivers", "groups"],
  ["list_groups", "/groups", "groups", "parent"],
  ["list_devices", "/devices", "devices", "vehicle"],
  ["list_trailers", "/trailers", "trailers", "groups"],
] as const;

/** Each get tool, its list's route, the kind of its ids, and an `expand` value it takes. */
const GETS = [
  ["get_driver", "/drivers", "driver", "groups"],
  ["get_group", "/groups", "group", "parent"],
  ["get_device", "/devices", "device", "vehicle"],
  ["get_trailer", "/trailers", "trailer", "groups"],
] as const;

const TOOLS = [...LISTS, ...GETS].map(([name]) => name);

describe.each(SDK_GENERATIONS)("the fleet record tools with an SDK %s client", (generation) => {
  let key: string;
  let connectionId: string;
  let caller: { key: string; token: string };
  let client: TestClient;

  beforeAll(async () => {
    const app = await createTestApplication();
    key = app.keys.sandbox.secret;
    ({ id: connectionId, caller } = await syncedConnection(app, 1, { options: { sandbox: { fleetSize: 4 } } }));
    client = await connectMcp(generation, { key });
  }, 90_000);

  afterAll(async () => {
    await client?.close();
  });

  const rest = async (path: string) => {
    const answer = await call("GET", `${BASE.sandbox}${path}`, caller);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  const answered = (answer: ToolAnswer) => {
    expect(answer.isError, JSON.stringify(answer)).toBeFalsy();
    return answer;
  };

  it("lists the eight tools, read-only, each taking connectionId and the gets an id", async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of TOOLS) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool?.annotations?.readOnlyHint, name).toBe(true);
      const schema = tool?.inputSchema as { properties: Record<string, unknown>; required?: string[] };
      expect(Object.keys(schema.properties), name).toEqual(expect.arrayContaining(["connectionId", "raw", "expand"]));
      expect(schema.required ?? [], name).toEqual(name.startsWith("get_") ? ["id"] : []);
    }
  });

  it.each(LISTS)(
    "%s answers as GET %s: a page, the next one by its cursor, and expand",
    async (tool, path, noun, expand) => {
      const first = answered(await client.callTool(tool, { connectionId, limit: 1 }));
      expect(first.structuredContent).toEqual(await rest(`${path}?limit=1`));
      expect(first.content[0]?.text).toContain(`1 ${noun} on this page`);
      const cursor = first.structuredContent?.next as string;
      expect(cursor, `a second ${noun} page`).toBeTruthy();
      const second = answered(await client.callTool(tool, { connectionId, limit: 1, cursor }));
      expect(second.structuredContent).toEqual(await rest(`${path}?limit=1&cursor=${encodeURIComponent(cursor)}`));
      expect(second.structuredContent?.results[0].id).not.toBe(first.structuredContent?.results[0].id);
      const expanded = answered(await client.callTool(tool, { connectionId, limit: 3, expand }));
      expect(expanded.structuredContent).toEqual(await rest(`${path}?limit=3&expand=${expand}`));
    },
  );

  it.each(GETS)(
    "%s answers as GET %s/{id}, with expand and raw; an unknown id is not_found",
    async (tool, path, kind, expand) => {
      const [record] = (await rest(`${path}?limit=1`)).results as { id: string }[];
      expect(record, `a ${kind} of the synced fleet`).toBeDefined();
      const plain = answered(await client.callTool(tool, { connectionId, id: record!.id }));
      expect(plain.structuredContent).toEqual(await rest(`${path}/${record!.id}`));
      expect(plain.content[0]?.text).toContain(record!.id);
      const full = answered(await client.callTool(tool, { connectionId, id: record!.id, expand, raw: "true" }));
      expect(full.structuredContent).toEqual(await rest(`${path}/${record!.id}?expand=${expand}&raw=true`));
      expect(full.structuredContent?.raw?.length).toBeGreaterThan(0);

      const unknown = await client.callTool(tool, { connectionId, id: newId(kind) });
      expect(unknown.isError).toBe(true);
      expect(unknown.structuredContent?.code).toBe("not_found");
    },
  );

  it("a Connection-Token pins the connection: the tools answer without connectionId", async () => {
    const pinned = await connectMcp(generation, { key, connectionToken: caller.token });
    try {
      for (const [tool, path] of LISTS) {
        const answer = answered(await pinned.callTool(tool, { limit: 2 }));
        expect(answer.structuredContent, tool).toEqual(await rest(`${path}?limit=2`));
      }
      for (const [tool, path] of GETS) {
        const [record] = (await rest(`${path}?limit=1`)).results as { id: string }[];
        const answer = answered(await pinned.callTool(tool, { id: record!.id }));
        expect(answer.structuredContent, tool).toEqual(await rest(`${path}/${record!.id}`));
      }
    } finally {
      await pinned.close();
    }
  });
});
