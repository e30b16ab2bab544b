import type { DriverRow, GroupRow } from "../../db/schema";
import type { LicensePlate, RawEntry } from "../../model/normalized";
import { isoOrUndefined, type MetadataView, optional, presentMetadata, presentRaw, reference } from "./present-common";
import { type GroupView, presentGroup } from "./present-group";
import type { ReadRow } from "./read-columns";

export type DriverView = {
  id: string;
  sourceId: string;
  provider: string;
  status: DriverRow["status"];
  metadata: MetadataView;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  username?: string;
  license?: LicensePlate;
  groups: (string | GroupView)[];
  createdAt?: string;
  updatedAt?: string;
  raw?: RawEntry[];
};

/** A driver (contract 2.5); `groups` loaded (for `expand`) turns the ids into group objects. */
export function presentDriver(
  row: ReadRow<DriverRow>,
  options: { raw?: boolean; groups?: ReadonlyMap<string, ReadRow<GroupRow>> } = {},
): DriverView {
  return {
    id: row.id,
    sourceId: row.sourceId,
    provider: row.provider,
    status: row.status,
    metadata: presentMetadata(row),
    ...optional("firstName", row.firstName),
    ...optional("middleName", row.middleName),
    ...optional("lastName", row.lastName),
    ...optional("email", row.email),
    ...optional("phone", row.phone),
    ...optional("username", row.username),
    ...optional("license", row.license),
    groups: row.groupIds.map((id) => reference(id, options.groups, (group) => presentGroup(group))),
    ...optional("createdAt", isoOrUndefined(row.sourceCreatedAt)),
    ...optional("updatedAt", isoOrUndefined(row.sourceUpdatedAt)),
    ...presentRaw(options.raw, row.raw),
  };
}
