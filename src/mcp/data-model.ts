/**
 * The README's "Data model" section, served to MCP clients as a resource (resources.ts). Kept here
 * as the source and in the README word for word (test/docs/data-model.test.ts checks they agree),
 * since the Worker has no file system to read the README from.
 */
export const DATA_MODEL = `An **application** (\`app_\`) is one fleet software company's account. It has two environments,
\`production\` and \`sandbox\`, each with its own base address, API keys, connections and data.

- A **connection** (\`conn_\`) is one customer's account at one telematics provider (\`samsara\`,
  \`motive\`, \`geotab\`, …, or \`sandbox\`). Its **sync jobs** (\`sync_\`) copy the provider's data
  into the service; its **issues** (\`issue_\`) say what a sync could not read and why.
- A connection's records: **vehicles** (\`vcl_\`), **drivers** (\`drv_\`), **groups** (\`grp_\`),
  **devices** (\`dev_\`), **trailers** (\`trl_\`); per vehicle its **latest location**, its
  **breadcrumbs** (time series of positions), **stat logs** (odometer, fuel, engine state, …),
  **utilization** (one row per vehicle-day); **trips** (\`trp_\`); per driver **HOS logs**
  (duty-status changes), **HOS daily logs** and **available time** (hours of service left);
  **IFTA summaries** (km per vehicle, jurisdiction and month); **safety events** (\`sfe_\`) and
  their camera media; **fault code events** (J1939 and OBD-II).
- Every record has the provider's id as \`sourceId\`, \`provider\`, and \`metadata\` (when it was
  added and last modified, and its \`visibility\`: \`visible\`, hidden by the connection's filters,
  or \`deleted\` at the provider). References between records are ids (\`vehicle\`, \`driver\`),
  which \`expand\` turns into the records.
- Units are the same whatever the provider: km, km/h, litres, ms, degrees, ISO 8601 UTC times.
- A **destination** (\`dst_\`) receives the records of its models as they change, in object
  storage or a stream; **webhooks** announce changes and sync outcomes.`;
