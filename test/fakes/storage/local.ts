/**
 * `npm start`'s local S3 and Kinesis (servers.ts) on fixed ports, with a demo bucket and a demo
 * stream, so a local data destination can be tried without an AWS account. A busy port leaves
 * that server out (another `npm start` may hold it): the caller says so and carries on.
 */
import { AwsClient } from "aws4fetch";
import { KINESIS_TEST_CREDENTIALS, STORAGE_TEST_REGION } from "./credentials.ts";
import { type StorageServer, startKinesis, startS3 } from "./servers.ts";

export const LOCAL_S3_PORT = 8800;
export const LOCAL_KINESIS_PORT = 8801;
export const DEMO_BUCKET = "telematics-demo";
export const DEMO_STREAM = "telematics-demo";
const DEMO_STREAM_SHARDS = 2;

/** Starts both; each is undefined when it could not start, with the reason in `problems`. */
export async function startLocalStorage(options: { s3Directory: string }) {
  const problems: string[] = [];
  const [s3, kinesis] = await Promise.all([
    startS3({ port: LOCAL_S3_PORT, directory: options.s3Directory, buckets: [DEMO_BUCKET] }).catch(
      (error: Error) => void problems.push(`local S3 not started (port ${LOCAL_S3_PORT}): ${error.message}`),
    ),
    startKinesis({ port: LOCAL_KINESIS_PORT })
      .then(async (server) => {
        await createDemoStream(server);
        return server;
      })
      .catch(
        (error: Error) =>
          void problems.push(`local Kinesis not started (port ${LOCAL_KINESIS_PORT}): ${error.message}`),
      ),
  ]);
  return {
    s3: s3 ?? undefined,
    kinesis: kinesis ?? undefined,
    problems,
    close: () => Promise.all([s3?.close(), kinesis?.close()]).then(() => undefined),
  };
}

/** kinesalite keeps streams in memory: the demo stream is created at each start. */
async function createDemoStream(server: StorageServer) {
  const client = new AwsClient({
    ...KINESIS_TEST_CREDENTIALS,
    service: "kinesis",
    region: STORAGE_TEST_REGION,
    retries: 0,
  });
  const response = await client.fetch(`${server.url}/`, {
    method: "POST",
    headers: { "x-amz-target": "Kinesis_20131202.CreateStream", "content-type": "application/x-amz-json-1.1" },
    body: JSON.stringify({ StreamName: DEMO_STREAM, ShardCount: DEMO_STREAM_SHARDS }),
  });
  if (!response.ok) {
    await server.close();
    throw new Error(`could not create the stream ${DEMO_STREAM}: ${response.status} ${await response.text()}`);
  }
}
