/**
 * The normalized read API in the OpenAPI document: every operation, with its operationId,
 * tag, scope, parameters and response components, so that clients can be generated from it.
 */
import { describe, expect, it } from "vitest";
import { BASE } from "../../helpers/http";
import { fetchDocument, listOperations, needsConnectionToken } from "../../helpers/openapi-operations";

const document = await fetchDocument(BASE.production);
const operations = listOperations(document);
const byName = new Map(operations.map((operation) => [operation.name, operation]));

const READ_OPERATIONS = [
  ["GET /vehicles", "vehicles.list", "Vehicles", "VehiclePage"],
  ["GET /vehicles/{id}", "vehicles.get", "Vehicles", "Vehicle"],
  ["GET /vehicles/utilization", "vehicleUtilization.list", "Vehicles", "VehicleUtilizationPage"],
  ["GET /drivers", "drivers.list", "Drivers", "DriverPage"],
  ["GET /drivers/{id}", "drivers.get", "Drivers", "Driver"],
  ["GET /groups", "groups.list", "Groups", "GroupPage"],
  ["GET /groups/{id}", "groups.get", "Groups", "Group"],
  ["GET /devices", "devices.list", "Devices", "DevicePage"],
  ["GET /devices/{id}", "devices.get", "Devices", "Device"],
  ["GET /trailers", "trailers.list", "Trailers", "TrailerPage"],
  ["GET /trailers/{id}", "trailers.get", "Trailers", "Trailer"],
  ["GET /safety/events", "safetyEvents.list", "Safety", "SafetyEventPage"],
  ["GET /safety/events/{id}", "safetyEvents.get", "Safety", "SafetyEvent"],
  ["GET /safety/events/{id}/camera-media", "safetyEvents.getCameraMedia", "Safety", "CameraMedia"],
  ["GET /issues", "issues.list", "Issues", "IssuePage"],
] as const;

const QUERY_PARAMETERS: Record<string, string[]> = {
  "GET /vehicles": ["cursor", "limit", "modifiedAfter", "modifiedBefore", "raw", "hidden", "deleted", "expand"],
  "GET /vehicles/{id}": ["raw", "expand"],
  "GET /vehicles/utilization": [
    "cursor",
    "limit",
    "startDate",
    "endDate",
    "modifiedAfter",
    "modifiedBefore",
    "vehicleIds",
    "expand",
    "raw",
  ],
  "GET /drivers": ["cursor", "limit", "modifiedAfter", "modifiedBefore", "raw", "hidden", "deleted", "expand"],
  "GET /drivers/{id}": ["raw", "expand"],
  "GET /groups": ["cursor", "limit", "expand", "raw", "modifiedAfter", "modifiedBefore", "deleted"],
  "GET /groups/{id}": ["raw", "expand"],
  "GET /devices": ["cursor", "limit", "expand", "raw", "modifiedAfter", "modifiedBefore", "deleted"],
  "GET /devices/{id}": ["raw", "expand"],
  "GET /trailers": ["cursor", "limit", "expand", "raw", "modifiedAfter", "modifiedBefore", "deleted"],
  "GET /trailers/{id}": ["raw", "expand"],
  "GET /safety/events": [
    "cursor",
    "limit",
    "startedAfter",
    "startedBefore",
    "modifiedAfter",
    "modifiedBefore",
    "driverIds",
    "vehicleIds",
    "expand",
    "raw",
  ],
  "GET /safety/events/{id}": ["raw", "expand"],
  "GET /safety/events/{id}/camera-media": ["raw"],
  "GET /issues": [
    "cursor",
    "limit",
    "connectionId",
    "errorCode",
    "status",
    "lastReportedAfter",
    "lastReportedBefore",
    "expand",
  ],
};

const EXPAND_VALUES: Record<string, string[]> = {
  "GET /vehicles": ["groups", "devices", "devices,groups", "groups,devices"],
  "GET /vehicles/{id}": ["groups", "devices", "devices,groups", "groups,devices"],
  "GET /vehicles/utilization": ["vehicle"],
  "GET /drivers": ["groups"],
  "GET /drivers/{id}": ["groups"],
  "GET /groups": ["parent"],
  "GET /groups/{id}": ["parent"],
  "GET /devices": ["vehicle"],
  "GET /devices/{id}": ["vehicle"],
  "GET /trailers": ["groups"],
  "GET /trailers/{id}": ["groups"],
  "GET /safety/events": ["vehicle", "driver", "vehicle,driver", "driver,vehicle"],
  "GET /safety/events/{id}": ["vehicle", "driver", "vehicle,driver", "driver,vehicle"],
  "GET /issues": ["connection"],
};

const parametersOf = (name: string) => (byName.get(name)?.operation.parameters ?? []) as any[];

describe.each(READ_OPERATIONS)("%s", (name, operationId, tag, component) => {
  const operation = byName.get(name);

  it(`is documented as ${operationId}, tagged ${tag}, answering ${component}`, () => {
    expect(operation, `${name} in the document`).toBeDefined();
    expect(operation?.operation.operationId).toBe(operationId);
    expect(operation?.operation.tags).toEqual([tag]);
    expect(operation?.operation.summary.length).toBeGreaterThan(0);
    expect(operation?.operation.description.length).toBeGreaterThan(0);
    expect(operation?.operation.responses["200"].content["application/json"].schema).toEqual({
      $ref: `#/components/schemas/${component}`,
    });
  });

  it("has exactly the query parameters of wire-compat, all optional", () => {
    const query = parametersOf(name).filter((parameter) => parameter.in === "query");
    expect(query.map((parameter) => parameter.name).sort()).toEqual([...(QUERY_PARAMETERS[name] ?? [])].sort());
    for (const parameter of query) expect(parameter.required, parameter.name).toBe(false);
  });

  it("documents every parameter with a description", () => {
    for (const parameter of parametersOf(name)) {
      expect(parameter.description ?? parameter.schema?.description, `${name} ${parameter.name}`).toBeTruthy();
    }
  });

  it("lists the expand values of wire-compat", () => {
    const expand = parametersOf(name).find((parameter) => parameter.name === "expand");
    if (EXPAND_VALUES[name] === undefined) expect(expand).toBeUndefined();
    else expect(expand.schema.enum).toEqual(EXPAND_VALUES[name]);
  });
});

describe("scopes and errors", () => {
  it("every read is connection-scoped except GET /issues, which takes the secret key alone", () => {
    for (const [name] of READ_OPERATIONS) {
      const operation = byName.get(name);
      expect(operation && needsConnectionToken(operation), name).toBe(name !== "GET /issues");
    }
  });

  it("the by-id operations document 404 and their path id with its pattern", () => {
    for (const [name, prefix] of [
      ["GET /vehicles/{id}", "vcl_"],
      ["GET /drivers/{id}", "drv_"],
      ["GET /groups/{id}", "group_"],
      ["GET /devices/{id}", "dvc_"],
      ["GET /trailers/{id}", "trl_"],
      ["GET /safety/events/{id}", "sft_evt_"],
      ["GET /safety/events/{id}/camera-media", "sft_evt_"],
    ] as const) {
      expect(Object.keys(byName.get(name)?.operation.responses ?? {}), name).toContain("404");
      const id = parametersOf(name).find((parameter) => parameter.in === "path");
      expect(id).toMatchObject({ name: "id", required: true });
      expect(id.schema.pattern).toBe(`^${prefix}[0-9A-HJKMNP-TV-Z]{26}$`);
      expect(new RegExp(id.schema.pattern).test(id.schema.example)).toBe(true);
    }
  });

  it("camera media documents the live-call errors", () => {
    const responses = byName.get("GET /safety/events/{id}/camera-media")?.operation.responses;
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(["400", "401", "403", "404", "410", "422", "429", "500", "501", "502", "504"]),
    );
    expect(Object.keys(responses["422"].content["application/json"].examples).sort()).toEqual([
      "connection_disconnected",
      "provider_provisioning_pending",
    ]);
  });

  it("vehicleIds and driverIds carry the contract's comma-list pattern", () => {
    const vehicleIds = parametersOf("GET /vehicles/utilization").find((parameter) => parameter.name === "vehicleIds");
    expect(vehicleIds.schema.pattern).toBe("^vcl_[0-9A-HJKMNP-TV-Z]{26}(\\s*,\\s*vcl_[0-9A-HJKMNP-TV-Z]{26})*$");
    expect(new RegExp(vehicleIds.schema.pattern).test(vehicleIds.schema.example)).toBe(true);
    const driverIds = parametersOf("GET /safety/events").find((parameter) => parameter.name === "driverIds");
    expect(new RegExp(driverIds.schema.pattern).test(driverIds.schema.example)).toBe(true);
  });
});

describe("the record components", () => {
  const schemas = document.components?.schemas ?? {};

  it.each([
    ["Vehicle", ["id", "sourceId", "provider", "status", "metadata", "groups", "devices"]],
    ["Driver", ["id", "sourceId", "provider", "status", "metadata", "groups"]],
    ["Group", ["id", "sourceId", "provider", "name", "metadata"]],
    ["Device", ["id", "sourceId", "provider", "type", "metadata"]],
    ["VehicleUtilization", ["provider", "vehicle", "startAt", "endAt", "distance", "fuelConsumed", "durations"]],
    ["SafetyEvent", ["id", "sourceId", "provider", "type", "startedAt", "cameraMedia", "metadata"]],
    ["CameraMedia", []],
    ["RecordMetadata", ["addedAt", "modifiedAt", "visibility"]],
    ["RawEntry", ["provider", "schema", "extractedAt", "data"]],
  ])("%s requires exactly %j, and documents every field", (name, required) => {
    const schema = schemas[name];
    expect(schema, name).toBeDefined();
    expect([...(schema.required ?? [])].sort()).toEqual([...required].sort());
    for (const [field, property] of Object.entries(schema.properties as Record<string, any>)) {
      const documented =
        property.description || property.example !== undefined || property.enum || property.$ref || property.items;
      expect(documented, `${name}.${field}`).toBeTruthy();
    }
  });

  it("the visibility enum is the one of wire-compat", () => {
    expect(schemas.RecordMetadata.properties.visibility.enum).toEqual([
      "visible",
      "hidden_by_exclude_list",
      "hidden_by_include_list",
      "hidden_by_status",
      "deleted",
    ]);
  });
});
