import { z } from "@hono/zod-openapi";
import { DateTimeSchema, idSchema } from "../../http/schemas/common";
import { presentFields, presentSourceTimes, presentSynced } from "../kit/present";
import type { RecordOf } from "../kit/read";
import { LicenseSchema, ProviderSchema, RecordMetadataSchema, SourceIdSchema, StatusSchema } from "../kit/schemas";
import type { drivers } from "./table";

export const driverFields = {
  id: idSchema("driver"),
  sourceId: SourceIdSchema,
  provider: ProviderSchema,
  status: StatusSchema,
  metadata: RecordMetadataSchema,
  firstName: z.string().optional().openapi({ example: "Ada" }),
  middleName: z.string().optional().openapi({ example: "M." }),
  lastName: z.string().optional().openapi({ example: "Lovelace" }),
  email: z.string().optional().openapi({ example: "ada@example.com" }),
  phone: z.string().optional().openapi({ example: "+1 555 0100" }),
  username: z.string().optional().openapi({ description: "Login name.", example: "alovelace" }),
  license: LicenseSchema.optional(),
  groups: z.array(idSchema("group")).openapi({ description: "Groups the driver belongs to." }),
  createdAt: DateTimeSchema.optional().openapi({ description: "Creation time in the provider system." }),
  updatedAt: DateTimeSchema.optional().openapi({ description: "Last update in the provider system." }),
};

/** A driver as another record embeds it with `expand`. */
export const ExpandedDriverSchema = z
  .object(driverFields)
  .openapi("ExpandedDriver", { description: "A driver inside an expanded field; its `groups` stay ids." });

export type DriverRecord = RecordOf<typeof drivers>;

/** A driver (contract 2.5) with its groups as ids: what an expanded field holds, and what presentDriver starts from. */
export function presentExpandedDriver(row: DriverRecord): z.infer<typeof ExpandedDriverSchema> {
  return {
    ...presentSynced(row),
    status: row.status,
    ...presentFields(row, "firstName", "middleName", "lastName", "email", "phone", "username", "license"),
    groups: row.groupIds,
    ...presentSourceTimes(row),
  };
}
