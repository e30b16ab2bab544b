/**
 * What the storage servers (servers.ts) accept, shared by their starters (Node) and the tests'
 * clients in the Worker (test/helpers/aws.ts), which must not load the servers themselves.
 */

/**
 * The only access key id s3rver accepts (its default account; another is refused with 403
 * InvalidAccessKeyId). It does not check the signature: the secret may be anything there.
 */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;
/** kinesalite checks that a request carries a SigV4 Authorization header, not what it signs with: any key will do. */
export const KINESIS_TEST_CREDENTIALS = { accessKeyId: "kinesis-test", secretAccessKey: "kinesis-test" } as const;
/** Neither server checks the region: requests are signed for this one. */
export const STORAGE_TEST_REGION = "us-east-1";
