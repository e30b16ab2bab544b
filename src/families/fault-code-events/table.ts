import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { syncedColumns, timestamp } from "../../db/schema/columns";
import type { FaultCodeStatus, FaultProtocol, NormalizedFaultCode } from "../../model/normalized";

/**
 * Occurrences of diagnostic trouble codes: one row per fault from when it was first observed
 * on a vehicle until it closed. `fault_key` names the fault whatever its occurrence (protocol,
 * code, FMI, source address): observations without a provider occurrence id join the fault's
 * occurrence that is not closed yet (families/fault-code-events/write.ts).
 */
export const faultCodeEvents = sqliteTable(
  "fault_code_events",
  {
    ...syncedColumns,
    vehicleId: text("vehicle_id").notNull(),
    faultKey: text("fault_key").notNull(),
    status: text("status").$type<FaultCodeStatus>().notNull(),
    protocol: text("protocol").$type<FaultProtocol>().notNull(),
    code: text("code").notNull(),
    description: text("description"),
    firstObservedAt: timestamp("first_observed_at").notNull(),
    observedAt: timestamp("observed_at").notNull(),
    milStatus: text("mil_status").$type<"on" | "off">(),
    j1939: text("j1939", { mode: "json" }).$type<NonNullable<NormalizedFaultCode["j1939"]>>(),
  },
  (table) => [
    uniqueIndex("fault_code_events_source_unique").on(table.connectionId, table.sourceId),
    index("fault_code_events_connection_idx").on(table.connectionId, table.id),
    index("fault_code_events_fault_idx").on(table.connectionId, table.vehicleId, table.faultKey, table.firstObservedAt),
    index("fault_code_events_observed_idx").on(table.connectionId, table.observedAt),
  ],
);
export type FaultCodeEventRow = typeof faultCodeEvents.$inferSelect;
