import type { NormalizedDevice } from "../../../model/normalized";
import { nonBlank, parsePayload } from "../../kit/parse";
import type { ProviderModel } from "../../types";
import { nextAfter, PROVIDER } from "../client";
import { next, samsaraPages } from "../listing";
import { samsaraDeviceItem, samsaraListEnvelope } from "../payloads";
import { isoTime, optional } from "../values";

/**
 * Gateways (`GET /gateways`), each followed by its dash cams (camera accessories, wrapped with
 * the gateway's serial and asset). Accessories of other kinds are not devices of the normalized
 * model: they are counted in an `unknown_device_type` issue. Paced per token (providers.md 1.3).
 */
export const samsaraDevices: ProviderModel<"devices"> = {
  pace: "token",
  read: samsaraPages("devices", "samsara.gateways", async (client, input) => {
    const body = await client.get("/gateways", { after: input.cursor?.after }, samsaraListEnvelope);
    const { items, unknownModels } = deviceItems(body.data);
    const after = nextAfter(body.pagination);
    return {
      items,
      ...next(after && { model: "devices", after }),
      ...(unknownModels.length
        ? {
            issues: [
              {
                code: "unknown_device_type" as const,
                message: `Samsara lists ${unknownModels.length} accessory device(s) that are neither gateways nor dash cams (models ${[...new Set(unknownModels)].join(", ")}); they were not imported.`,
              },
            ],
          }
        : {}),
    };
  }),
  normalize: mapDevice,
};

/** The devices listing's items of a page of gateways; the models of accessories left out. */
export function deviceItems(gateways: readonly unknown[]): { items: unknown[]; unknownModels: string[] } {
  const items: unknown[] = [];
  const unknownModels: string[] = [];
  for (const gateway of gateways) {
    items.push(gateway);
    if (typeof gateway !== "object" || gateway === null) continue;
    const { serial, asset, accessoryDevices } = gateway as Record<string, unknown>;
    if (!Array.isArray(accessoryDevices)) continue;
    for (const accessory of accessoryDevices) {
      const model = (accessory as { model?: unknown } | null)?.model;
      if (typeof model === "string" && isCameraModel(model)) {
        items.push({ accessory, gateway: { serial, ...(asset === undefined ? {} : { asset }) } });
      } else {
        unknownModels.push(typeof model === "string" && model ? model : "unknown");
      }
    }
  }
  return { items, unknownModels };
}

/** Samsara's dash cams are the accessories whose model is a CM (CM31, CM32, CM33, CM34…). */
export const isCameraModel = (model: string | null | undefined) => /^CM\d/i.test(model ?? "");

/**
 * A gateway is a tracker in its asset; a camera accessory is a camera in its gateway's asset.
 * Samsara's gateways and accessories carry no creation or update time, so the device has neither.
 */
export function mapDevice(payload: unknown): NormalizedDevice {
  const item = parsePayload(PROVIDER, samsaraDeviceItem, payload, "device");
  if ("accessory" in item) {
    const vehicle = nonBlank(item.gateway.asset?.id);
    const model = nonBlank(item.accessory.model);
    return {
      sourceId: item.accessory.serial,
      type: "camera",
      ...optional("vehicleSourceId", vehicle),
      ...optional("description", model),
      serialNumber: item.accessory.serial,
    };
  }
  const vehicle = nonBlank(item.asset?.id);
  return {
    sourceId: item.serial,
    type: "tracker",
    ...optional("vehicleSourceId", vehicle),
    ...optional("description", nonBlank(item.model)),
    serialNumber: item.serial,
    ...optional("lastConnectedAt", isoTime(item.connectionStatus?.lastConnected)),
  };
}
