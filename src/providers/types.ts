import type { Account, Environment } from "../db/schema";
import type { Env } from "../env";
import type {
  IssueCode,
  NormalizedByModel,
  NormalizedCameraMedia,
  NormalizedHosClock,
  SyncModel,
} from "../model/normalized";
import type { OAuthSpec } from "./kit/oauth";

/** One field of a provider's credential form (GET /providers, and the hosted flow's form). */
export type CredentialField = {
  name: string;
  label: string;
  type: "text" | "password" | "select";
  required: boolean;
  description?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
};

export const MODEL_NAMES = [
  "vehicles",
  "drivers",
  "groups",
  "devices",
  "trailers",
  "vehicleUtilization",
  "safetyEvents",
  "cameraMedia",
  "faultCodeEvents",
  "latestVehicleLocations",
  "latestTrailerLocations",
  "vehicleLocations",
  "trips",
  "vehicleStatLogs",
  "hosLogs",
  "hosDailyLogs",
  "iftaSummaries",
  "hosAvailableTime",
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

/**
 * Whether a model's read is served for a provider: `not_supported_by_terminal` when the provider
 * has the data but this service does not read it from that provider yet.
 */
export type ModelSupport = "supported" | "not_supported_by_terminal" | "not_supported_by_provider";

export type ProviderStatus = "live" | "beta" | "deprecated" | "sandbox";

/**
 * How a provider records a vehicle's breadcrumbs: the seconds between two points of a moving
 * vehicle when it logs at a fixed rate (null: no fixed rate, as with curve logging, or none
 * published), and the days of history it serves (null: no published limit).
 */
export type LocationSampling = { sampleRateSeconds: number | null; availableHistoryDays: number | null };

/** What verification learns about the customer's account at the provider. */
export type VerifiedAccount = { account: Account; sourceId?: string };

/**
 * Waits for a connection's next provider request slot in a bucket (the operation's own when
 * none is named). Throws ProviderError("rate_limited") when the wait is too long to spend here.
 */
export type Pacer = (bucket?: string) => Promise<void>;

/**
 * What an adapter may use while it works: configuration (base URLs) and bindings, and for a
 * connection's reads the pacer its clients call before every provider request.
 */
export type ProviderContext = { env: Env; pace?: Pacer };

/** A request pace: at most `requests` provider requests in any `perSeconds` seconds. */
export type RequestPace = { readonly requests: number; readonly perSeconds: number };

/** A provider's paces by bucket (each model names its bucket). */
export type PaceTable = Readonly<Record<string, RequestPace>>;

/** The deployment's settings a provider's pace may depend on (a contract that grants more, such as AZUGA_REQUESTS_PER_MINUTE). */
export type PaceSettings = Readonly<Partial<Env>>;

/**
 * How one provider serves one synced model (its `models/<family>.ts`): reading one bounded
 * page, mapping one of the page's payloads, and the request-pace bucket the reads spend.
 */
export type ProviderModel<M extends SyncModel> = {
  /** The bucket of the adapter's `requestPace` this model's reads are paced in. */
  readonly pace: string;
  /** One bounded page of the model, as `ProviderAdapter.readPage` describes it. */
  read(request: ReadRequest): Promise<ProviderPage>;
  /** One payload of a page → the normalized model; ProviderError("malformed") when it does not validate. */
  normalize(payload: unknown): NormalizedByModel[M];
};

/**
 * How a provider serves camera media: not synced page by page but read live, one safety event
 * at a time, because the media URLs expire.
 */
export type CameraMediaSource = {
  /** The bucket of the adapter's `requestPace` the live reads are paced in. */
  readonly pace: string;
  read(request: LiveReadRequest, eventSourceId: string): Promise<CameraMediaPage>;
};

/**
 * How a provider serves its own hours-of-service clocks: not synced but read live, page by page,
 * because they change by the second. A provider without it has its clocks computed from the
 * synced duty-status logs.
 */
export type HosClockSource = {
  /** The bucket of the adapter's `requestPace` the live reads are paced in. */
  readonly pace: string;
  /**
   * The provider is asked driver by driver (no listing of every driver's clocks): a refresh then
   * gives `read` the connection's visible drivers. Absent: `drivers` is empty, and not read.
   */
  readonly byDriver?: true;
  /**
   * One page of the clocks of the connection's drivers now (`cursor`: the page after the one that
   * gave it). `drivers` are the source ids of the connection's drivers when `byDriver`.
   */
  read(request: LiveReadRequest & { cursor?: string; drivers: readonly string[] }): Promise<ProviderPage>;
  /** One payload of a page → the driver's clocks; ProviderError("malformed") when it does not validate. */
  normalize(payload: unknown): NormalizedHosClock;
};

/** A caller's request to the provider's own API (POST /passthrough), checked and cleaned by the service. */
export type PassthroughRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /**
   * The path and query relative to the provider's API base, already checked to stay under it:
   * it starts with one `/`, has no scheme, host, `..` or encoded separators.
   */
  path: string;
  /** The caller's headers, without any authorization or cookie (the adapter adds its own). */
  headers: Readonly<Record<string, string>>;
  body?: string;
  /** Aborted when the service stops waiting (the caller's timeout). */
  signal: AbortSignal;
};

/**
 * How a provider serves passthrough: the caller's request sent to its API with the connection's
 * authorization, the provider's answer returned untouched (its body streamed, not read).
 */
export type PassthroughSource = {
  /** The bucket of the adapter's `requestPace` passthrough requests are paced in. */
  readonly pace: string;
  /**
   * Why this provider cannot take a request of that shape, if it cannot (Geotab takes JSON-RPC
   * calls only): the service answers it as a bad request, without calling the provider.
   */
  refuse?(passthrough: Omit<PassthroughRequest, "signal">): string | undefined;
  /** Throws ProviderError for what the provider never answered (unreachable, timeout, credentials refused). */
  send(request: LiveReadRequest, passthrough: PassthroughRequest): Promise<Response>;
};

/**
 * What a provider serves, model by model: the only place an adapter says which models it
 * supports. A model absent from the table is `not_supported_by_provider`.
 */
export type ProviderModels = { readonly [M in SyncModel]?: ProviderModel<M> } & {
  readonly cameraMedia?: CameraMediaSource;
  readonly hosAvailableTime?: HosClockSource;
  readonly passthrough?: PassthroughSource;
};

/**
 * A telematics provider, plugged in through the registry (the only list of providers).
 * Adapters talk HTTP to base URLs from configuration, so tests point them at fake servers.
 */
export interface ProviderAdapter {
  readonly code: string;
  readonly name: string;
  readonly status: ProviderStatus;
  /** Environments in which connections to this provider may be created. */
  readonly environments: readonly Environment[];
  readonly logo: string;
  readonly icon: string;
  readonly credentialFields: readonly CredentialField[];
  /**
   * How customers connect through the provider's OAuth consent instead of typing credentials (the
   * hosted flow offers it when the deployment has a client for it); `credentialFields` stay the
   * form of `POST /connections` and of the flow's other way in.
   */
  readonly oauth?: OAuthSpec;
  /** How the provider serves each model it supports; `supportedModels`, `paceBucket` and the reads derive from it. */
  readonly models: ProviderModels;
  readonly supportedModels: Readonly<Record<ModelName, ModelSupport>>;
  /** How the provider records vehicle locations (GET /providers → `VehicleLocation`). */
  readonly locationSampling: LocationSampling;
  /**
   * The provider's published request limits (or a conservative pace where none is published),
   * per connection, by bucket, as documented: what a deployment with no pace settings keeps.
   */
  readonly requestPace: PaceTable;
  /**
   * The pace a connection's requests keep in this deployment: `requestPace`, with the limits the
   * deployment's settings raise where the adapter has such settings. The pacer reads this one.
   */
  paceFor(settings: PaceSettings): PaceTable;
  /** The bucket of `requestPace` each model's reads (and camera media's) are paced in. */
  readonly paceBucket: Readonly<Record<ModelName, string>>;
  /**
   * Checks credentials with the provider and describes the account. Throws
   * DomainError("invalid_credentials") when the provider rejects them.
   */
  verify(credentials: Readonly<Record<string, string>>, context: ProviderContext): Promise<VerifiedAccount>;
  /**
   * Reads one bounded page of a model: the provider's own payloads, untouched, and the
   * provider cursor of the next page (absent on the last). Windowed models read the records
   * of [window.start, window.end). Throws ProviderError on failure.
   */
  readPage(model: SyncModel, request: ReadRequest): Promise<ProviderPage>;
  /** Maps one provider payload of a model to the normalized model; explicit per provider. */
  normalize<M extends SyncModel>(model: M, payload: unknown): NormalizedByModel[M];
  /** Fresh camera media URLs of one safety event (they expire, so they are read live). */
  readCameraMedia(request: LiveReadRequest, eventSourceId: string): Promise<CameraMediaPage>;
  /** Sends a passthrough request (PassthroughSource); ProviderError("not_supported") when the provider has none. */
  passthrough(request: LiveReadRequest, passthrough: PassthroughRequest): Promise<Response>;
}

/** What an adapter needs to read a connection's data. */
export type ReadRequest = {
  context: ProviderContext;
  credentials: Readonly<Record<string, string>>;
  /** The connection's options (provider-specific settings live here). */
  options: Readonly<Record<string, unknown>>;
  connection: { id: string; sourceId: string | null; createdAt: Date };
  cursor?: string;
  window?: { start: Date; end: Date };
  /** Page size the engine asks for; adapters clamp it to the provider's limits. */
  pageSize: number;
};

/** What a live read (camera media) needs: a connection's read request without paging. */
export type LiveReadRequest = Omit<ReadRequest, "cursor" | "window">;

export type ProviderPage = {
  /** The provider's payloads, one per record. */
  items: unknown[];
  /** The provider endpoint or record type the payloads came from (the raw entries' `schema`). */
  schema: string;
  nextCursor?: string;
  /** Problems that do not fail the sync but may need action (become `isu_` issues). */
  issues?: ReadonlyArray<{ code: IssueCode; message: string }>;
};

export type CameraMediaPage = { media: NormalizedCameraMedia; schema: string; payload: unknown };
