// s3rver and kinesalite ship no types: the little of them the storage servers use (servers.ts).
declare module "s3rver" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  /** A Koa application: served through its callback() on a server of one's own. */
  export default class S3rver {
    constructor(options: {
      silent?: boolean;
      directory?: string;
      configureBuckets?: { name: string }[];
      resetOnClose?: boolean;
    });
    configureBuckets(): Promise<void>;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}

declare module "kinesalite" {
  import type { Server } from "node:http";
  export default function kinesalite(options?: {
    createStreamMs?: number;
    deleteStreamMs?: number;
    updateStreamMs?: number;
    shardLimit?: number;
  }): Server;
}
