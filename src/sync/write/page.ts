import type { SQL } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { recordId } from "../../lib/record-ids";
import type { IssueCode, SyncModel } from "../../model/normalized";
import type { ProviderPage } from "../../providers/types";
import { commitWithEvents, type EventWrite, eventWrite } from "../../webhooks/outbox";
import type { WriteContext } from "./context";
import { FULLY_LISTED_TABLES, markUnseenDeleted } from "./deletions";
import { writeDevices, writeDrivers, writeGroups, writeVehicles } from "./entities";
import { issueDetail, ongoingIssueCodes, reportIssues } from "./issues";
import { normalizeAll } from "./normalize-all";
import { classifyChanges, connectionRef, type RecordChanges, recordEvents, tenantOf } from "./record-events";
import { writeSafetyEvents } from "./safety-events";
import { billVehicles } from "./usage";
import { writeUtilization } from "./utilization";

/**
 * Stores one provider page: normalizes it, upserts the records, and, after the last page of
 * a full listing, soft-deletes what the provider no longer returns. Everything the page
 * changes goes in ONE D1 batch (one transaction), so a crash or a redelivered message
 * redoes the page as a whole and never leaves half of it.
 */
export async function writePage(
  context: WriteContext,
  model: SyncModel,
  page: ProviderPage,
): Promise<{ written: number; skipped: number }> {
  const statements: SQL[] = [];
  let changes: RecordChanges | undefined;
  let written = 0;
  let skipped = 0;
  const collect = <T>(result: { records: T[]; skipped: number }) => {
    skipped += result.skipped;
    written += result.records.length;
    return result.records;
  };
  switch (model) {
    case "groups":
      statements.push(...(await writeGroups(context, collect(normalizeAll(context, "groups", page.items)))));
      break;
    case "vehicles": {
      const records = collect(normalizeAll(context, "vehicles", page.items));
      changes = await classifyChanges(context, "vehicles", records, page.nextCursor === undefined);
      statements.push(...(await writeVehicles(context, records)));
      if (records.length)
        statements.push(
          billVehicles(
            context,
            records.map((record) => record.normalized.sourceId),
          ),
        );
      break;
    }
    case "drivers": {
      const records = collect(normalizeAll(context, "drivers", page.items));
      changes = await classifyChanges(context, "drivers", records, page.nextCursor === undefined);
      statements.push(...(await writeDrivers(context, records)));
      break;
    }
    case "devices":
      statements.push(...(await writeDevices(context, collect(normalizeAll(context, "devices", page.items)))));
      break;
    case "vehicleUtilization": {
      const result = await writeUtilization(context, collect(normalizeAll(context, "vehicleUtilization", page.items)));
      statements.push(...result.statements);
      break;
    }
    case "safetyEvents":
      statements.push(
        ...(await writeSafetyEvents(context, collect(normalizeAll(context, "safetyEvents", page.items)))),
      );
      break;
  }
  const issues: { code: IssueCode; message: string }[] = [...(page.issues ?? [])];
  if (skipped > 0) {
    issues.push({
      code: "inaccessible_data",
      message: `${skipped} ${model} record(s) from the provider could not be read and were skipped.`,
    });
  }
  statements.push(...(await reportIssues(context, issues)));
  const [alreadyOngoing] = issues.length
    ? await queryBatch<[{ code: string }]>(context.d1, [
        ongoingIssueCodes(
          context.connection.id,
          issues.map((issue) => issue.code),
        ),
      ])
    : [[]];
  const newlyReported = issues.filter((issue) => !alreadyOngoing.some((row) => row.code === issue.code));
  // A listing cut short by a missing permission says nothing about what was deleted.
  const incomplete = issues.some((issue) => issue.code === "missing_permissions");
  if (page.nextCursor === undefined && model in FULLY_LISTED_TABLES && !incomplete) {
    const table = FULLY_LISTED_TABLES[model as keyof typeof FULLY_LISTED_TABLES];
    statements.push(markUnseenDeleted(table, context.connection.id, context.syncId, context.now));
  }
  // The page's events go in its batch: a page stored is a page announced, even if the sync is
  // cut short right after (a redone page finds nothing new, so it could not announce it later).
  const events: EventWrite[] = changes ? recordEvents(context, incomplete ? { ...changes, removed: [] } : changes) : [];
  for (const issue of newlyReported) {
    const id = await recordId(context.connection, "issue", issue.code);
    events.push(
      eventWrite(tenantOf(context.connection), {
        type: "issue.reported",
        detail: {
          connection: connectionRef(context.connection),
          issue: issueDetail({ id, errorCode: issue.code, message: issue.message }, "ongoing", context.now),
        },
        connectionId: context.connection.id,
      }),
    );
  }
  await commitWithEvents(context.env, statements, events);
  return { written, skipped };
}
