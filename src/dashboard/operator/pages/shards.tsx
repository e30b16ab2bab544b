import type { ShardFigures } from "../../../domain/shards/directory";

const MIB = 1024 * 1024;

/** The data shards as the operator API reports them: status, connections, size, rows per table. */
export function ShardsTable(props: { shards: ShardFigures[] }) {
  return (
    <section class="table-wrap" aria-label="Shards" tabindex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">Shard</th>
            <th scope="col">Status</th>
            <th scope="col">Connections</th>
            <th scope="col">Size</th>
            <th scope="col">Rows</th>
          </tr>
        </thead>
        <tbody>
          {props.shards.map((shard) => (
            <tr>
              <th scope="row">{shard.name}</th>
              <td>{shard.status}</td>
              <td>{shard.connections}</td>
              <td>{`${(shard.bytes / MIB).toFixed(1)} MiB`}</td>
              <td class="wrap">
                {Object.entries(shard.rows)
                  .filter(([, count]) => count > 0)
                  .map(([table, count]) => `${table}: ${count}`)
                  .join(", ") || "none"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
