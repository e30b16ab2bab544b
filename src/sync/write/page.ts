import { getTableName } from "drizzle-orm";
import { queryBatch } from "../../db/raw";
import { FAMILIES } from "../../families";
import { billVehicles } from "../../families/kit/billing";
import type { Item } from "../../families/kit/write";
import { recordId } from "../../lib/record-ids";
import type { IssueCode, SyncModel } from "../../model/normalized";
import type { ProviderPage } from "../../providers/types";
import { type EventWrite, eventWrite } from "../../webhooks/outbox";
import { commitOnShard } from "../../webhooks/relay";
import type { PageContext } from "./context";
import { markUnseenDeleted } from "./deletions";
import { issueDetail, ongoingIssueCodes, reportIssues } from "./issues";
import { normalizeAll } from "./normalize-all";
import { classifyChanges, connectionRef, recordEvents, tenantOf } from "./record-events";

/**
 * Stores one provider page: normalizes it, has the model's family (families/index.ts) write
 * the records, and, after the last page of a full listing, soft-deletes what the provider no
 * longer returns. Everything the page changes goes in ONE D1 batch (one transaction), so a
 * crash or a redelivered message redoes the page as a whole and never leaves half of it.
 */
export async function writePage<M extends SyncModel>(
  context: PageContext,
  model: M,
  page: ProviderPage,
): Promise<{ written: number; skipped: number }> {
  const family = FAMILIES[model];
  const table = getTableName(family.table);
  const { records, skipped } = normalizeAll(context, model, page.items);
  // Change events and billing are declared only by families whose records carry their source id (families/family.ts).
  const keyed = records as unknown as Item<{ sourceId: string }>[];
  // Only the last page of a full listing tells what the provider no longer has.
  const listingEnd = page.nextCursor === undefined && family.fullyListed === true;
  const changes = family.changeEvents
    ? await classifyChanges(context, { kind: family.changeEvents, table }, keyed, listingEnd)
    : undefined;
  const ownEvents = (await family.events?.(context, records)) ?? [];
  const statements = await family.write(context, records);
  if (family.billsVehicles && records.length) {
    statements.push(
      billVehicles(
        context,
        keyed.map((record) => record.normalized.sourceId),
      ),
    );
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
  if (page.nextCursor === undefined && family.fullyListed && !incomplete) {
    statements.push(markUnseenDeleted(table, context.connection.id, context.syncId, context.now));
  }
  // The page's events go in its batch: a page stored is a page announced, even if the sync is
  // cut short right after (a redone page finds nothing new, so it could not announce it later).
  const events: EventWrite[] = [
    ...ownEvents,
    ...(changes ? recordEvents(context, incomplete ? { ...changes, removed: [] } : changes) : []),
  ];
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
  await commitOnShard(context.env, context.connection.shard, statements, events);
  return { written: records.length, skipped };
}
