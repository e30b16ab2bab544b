import type { Database } from "./db/client";
import type { ConnectionRow, Environment, MemberRow } from "./db/schema";
import type { Principal } from "./domain/api-keys/authenticate";
import type { RateLimiter } from "./rate-limit/rate-limiter";
import type { ConnectionSync } from "./sync/connection-sync";
import type { WorkMessage } from "./sync/messages";

/** Worker bindings: what wrangler.toml and the secrets provide. */
export interface Env {
  /** The control database: applications, keys, members, connections, link, webhooks, the shard directory. */
  DB: D1Database;
  /**
   * The data shards (src/db/shards.ts): one D1 database per `DATA_<NAME>` binding, each holding the
   * data of the connections placed on it. Two locally (DATA_A, DATA_B); as many as a deployment binds.
   */
  [shard: `DATA_${string}`]: D1Database;
  /** Sync work: one message is one provider page of one connection's sync, or one unit of a move between shards. */
  SYNC_QUEUE: Queue<WorkMessage>;
  /** Webhook deliveries: one message is one event for one endpoint. */
  WEBHOOK_QUEUE: Queue<unknown>;
  /** Data deliveries: one message is one bounded unit of a destination's delivery. */
  DELIVERY_QUEUE: Queue<unknown>;
  /** The `r2` destinations' bucket: each destination writes under its own prefix. */
  DESTINATIONS_BUCKET: R2Bucket;
  /** One Durable Object per connection: owns its sync state and schedule. */
  CONNECTION_SYNC: DurableObjectNamespace<ConnectionSync>;
  /** One Durable Object per application: the API's request limits of the application and its connections. */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  /** Workers Rate Limiting: a coarse shield per presented credential, before any key lookup. */
  SHIELD: RateLimit;
  /**
   * Object storage of the time series' older history (src/timeseries/archive/): one compressed
   * object per vehicle and day, beyond each application's hot window.
   */
  SERIES_ARCHIVE: R2Bucket;
  /** Static assets (the API reference UI bundle), served only through the Worker. */
  ASSETS: Fetcher;
  /** Secret. Bearer token of the operator API at /admin/v1. */
  ADMIN_TOKEN: string;
  /** Secret. 32 random bytes, base64: encrypts tokens and credentials, signs cursors. */
  ENCRYPTION_KEY: string;
  /** Base address of the production API, ending in /tsp/v1 (a full URL; loopback hosts match any loopback host and port). */
  PRODUCTION_BASE_URL: string;
  /** Base address of the sandbox API, ending in /tsp/v1. */
  SANDBOX_BASE_URL: string;
  /** Origin of the hosted consent flow, used in each connection's linkUrl. */
  LINK_BASE_URL: string;
  /** Base URL of the Samsara API (https://api.samsara.com; a fake server in tests and `npm start`). */
  SAMSARA_BASE_URL: string;
  /** Base URL of Samsara's EU region (https://api.eu.samsara.com). */
  SAMSARA_EU_BASE_URL: string;
  /** Base URL of the Motive API (https://api.gomotive.com). */
  MOTIVE_BASE_URL: string;
  /** Secret. The deployment's Samsara OAuth app client id (Samsara marketplace app); OAuth is offered only when set. */
  SAMSARA_OAUTH_CLIENT_ID?: string;
  /** Secret. The Samsara OAuth app's client secret. */
  SAMSARA_OAUTH_CLIENT_SECRET?: string;
  /** Secret. The deployment's Motive OAuth app client id; OAuth is offered only when set. */
  MOTIVE_OAUTH_CLIENT_ID?: string;
  /** Secret. The Motive OAuth app's client secret. */
  MOTIVE_OAUTH_CLIENT_SECRET?: string;
  /** Host of Motive's consent page (https://gomotive.com); the page is `<base>/oauth/authorize`. */
  MOTIVE_AUTHORIZE_BASE_URL?: string;
  /** Host of Motive's token and revoke endpoints (https://keeptruckin.com): `<base>/oauth/token`, `<base>/oauth/revoke`. */
  MOTIVE_OAUTH_BASE_URL?: string;
  /** Base URL of MyGeotab (https://my.geotab.com); the JSON-RPC endpoint is `<base>/apiv1`. */
  GEOTAB_BASE_URL: string;
  /** Base URL of the GPS Insight API v2 (https://api.gpsinsight.com/v2). */
  GPS_INSIGHT_BASE_URL: string;
  /** Base URL of WEBFLEET.connect (https://csv.webfleet.com); the endpoint is `<base>/extern`. */
  WEBFLEET_BASE_URL: string;
  /** Secret. The integrator's WEBFLEET.connect API key, sent with every call (not a customer credential). */
  WEBFLEET_API_KEY?: string;
  /** Webfleet trip report requests a minute per connection (default 1, Webfleet's documented quota). */
  WEBFLEET_TRIPS_PER_MINUTE?: string;
  /** Webfleet showTracks requests a minute per connection (default 10, Webfleet's documented quota). */
  WEBFLEET_TRACKS_PER_MINUTE?: string;
  /** Webfleet object report requests a minute per connection (default 6, Webfleet's documented quota). */
  WEBFLEET_OBJECT_REPORTS_PER_MINUTE?: string;
  /** Base URL of Verizon Connect's REST API, FIM (https://fim.api.us.fleetmatics.com; EU: https://fim.api.eu.fleetmatics.com). */
  VERIZON_BASE_URL?: string;
  /** Secret. The integrator's Atmosphere app id from Verizon's developer portal, sent on every Verizon Connect data call. */
  VERIZON_APP_ID?: string;
  /** MiX identity server, `{region}` replaced by the connection's data centre (https://identity.{region}.mixtelematics.com). */
  MIX_IDENTITY_BASE_URL?: string;
  /** MiX Integrate API, `{region}` replaced by the connection's data centre (https://integrate.{region}.mixtelematics.com). */
  MIX_BASE_URL?: string;
  /** Secret. The integrator's MiX Integrate OpenID client id (issued by MiX support; not a customer credential). */
  MIX_CLIENT_ID?: string;
  /** Secret. The integrator's MiX Integrate OpenID client secret. */
  MIX_CLIENT_SECRET?: string;
  /** Azuga's OAuth login host (https://auth.azuga.com); the login is `<base>/azuga-as/oauth2/login/oauthtoken.json`. */
  AZUGA_AUTH_BASE_URL?: string;
  /** Azuga's services host (https://services.azuga.com): the v3 API at `/azuga-ws-oauth/v3`, reports at `/reports/v3/reports`. */
  AZUGA_BASE_URL?: string;
  /** Secret. The integrator's Azuga OAuth client id, sent with every login (not a customer credential). */
  AZUGA_CLIENT_ID?: string;
  /** Azuga requests a minute per endpoint and connection (default 1, Azuga's documented quota). */
  AZUGA_REQUESTS_PER_MINUTE?: string;
  /** TN360's OpenID Connect identity server (regional; no published default): the token endpoint is `<base>/connect/token` [UNVERIFIED]. */
  TN360_IDENTITY_BASE_URL?: string;
  /** TN360's API host (https://api-au.telematics.com); data calls are `<base>/v1/…`. */
  TN360_BASE_URL?: string;
  /** Secret. The integrator's TN360 OpenID client id (issued by TN360's integrations team; not a customer credential). */
  TN360_CLIENT_ID?: string;
  /** Secret. The integrator's TN360 OpenID client secret. */
  TN360_CLIENT_SECRET?: string;
  /** Seconds between two TN360 latest-location polls per connection (default 300, TN360's fair use). */
  TN360_STATS_INTERVAL_SECONDS?: string;
  /** "true" to allow http:// and loopback webhook URLs (local development and tests only). */
  ALLOW_LOOPBACK_WEBHOOKS?: string;
  /** DNS-over-HTTPS resolver (JSON API) that webhook hosts are resolved with before each delivery (default https://cloudflare-dns.com/dns-query). */
  WEBHOOK_DNS_RESOLVER_URL?: string;
  /** Longest delay between webhook delivery retries, in seconds (default: the Queues maximum of 12 hours). */
  WEBHOOK_MAX_RETRY_DELAY_SECONDS?: string;
  /** Lifetime of a public token, in seconds (default 600). */
  PUBLIC_TOKEN_TTL_SECONDS?: string;
  /** Grace period between a deletion request and the deletion, in hours (default 24). */
  DELETION_GRACE_PERIOD_HOURS?: string;
  /** Minutes between the syncs of an `automatic` connection (default 60). */
  SYNC_INTERVAL_MINUTES?: string;
  /** Records asked of the provider per page (default 200; adapters clamp to the provider's limits). */
  SYNC_PAGE_SIZE?: string;
  /** Longest delay between retries of a failing sync page, in seconds (default 300). */
  SYNC_MAX_BACKOFF_SECONDS?: string;
  /** How long one provider request may take before it counts as a timeout, in milliseconds (default 15000). */
  PROVIDER_TIMEOUT_MS?: string;
  /** Minutes without progress after which a sync's current page is sent again (default 10). */
  SYNC_STALL_MINUTES?: string;
  /** Seconds a queue consumer carries a sync on from page to page before it queues the next one (default 0: never). */
  SYNC_CARRY_ON_SECONDS?: string;
  /** Seconds before its last delivery's `upTo` a destination's next delivery starts reading (default 60; src/config.ts). */
  DELIVERY_OVERLAP_SECONDS?: string;
  /** Records per delivered part (default and most 1000; tests set fewer to deliver many parts). */
  DELIVERY_PART_RECORDS?: string;
  /** Days before today a sync reads breadcrumbs and stat logs at most (default 30; src/config.ts). */
  SERIES_BACKFILL_DAYS?: string;
  /** Days a hosted-flow short link lives, and the most its `expiresAt` may ask for (default 365; src/config.ts). */
  SHORT_LINK_LIFETIME_DAYS?: string;
  /** Seconds an isolate may answer from a remembered API key or connection token (default 5): the bound on a revocation's delay. */
  AUTH_CACHE_SECONDS?: string;
  /** Seconds the source shard keeps a moved connection's data after the switch (default 30, at least AUTH_CACHE_SECONDS + 1). */
  SHARD_MOVE_CLEANUP_SECONDS?: string;
  /** API requests allowed per second per connection token (default 100). */
  RATE_LIMIT_CONNECTION_PER_SECOND?: string;
  PASSTHROUGH_PER_SECOND?: string;
  PASSTHROUGH_TIMEOUT_SECONDS?: string;
  /** API requests allowed per second per application, all its connections included (default 400). */
  RATE_LIMIT_APPLICATION_PER_SECOND?: string;
}

/** Hono environment of every app in this service: bindings plus the per-request variables. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** Id of this request, also sent back in the X-Request-Id header. */
    requestId: string;
    /** Drizzle client over the control database for this request (src/db/databases.ts). */
    db: Database;
    /** The environment chosen by the base address the request came to. */
    environment: Environment;
    /** The API key or member token that authenticated the request (set by the api-key middleware). */
    principal: Principal;
    /** The member of a personal access token (set by the api-key middleware for member tokens only). */
    member?: MemberRow;
    /** The connection selected by the Connection-Token header (connection-scoped routes only). */
    connection: ConnectionRow;
    /** Drizzle client over that connection's data shard (connection-scoped routes only). */
    data: Database;
    /** The presented API key and its hash, once computed (flood-shield.ts, reused by the key check). */
    apiKeyHash?: { key: string; hash: string };
    /** The hash of the Connection-Token header, once computed (connection-token.ts). */
    connectionTokenHash?: string;
    /** The route takes the connection from the isolate's memory even though it writes (requireRememberedConnection). */
    connectionFromMemory?: boolean;
    /** The Connection-Token's connection, read with the API key in one round trip (null: no connection has it). */
    prefetchedConnection?: { tokenHash: string; connection: ConnectionRow | null };
  };
};
