/** MyGeotab's JSON-RPC envelopes: results, and errors as HTTP 200 with an `error` object. */
import { json } from "../http-server.ts";

/** A server-side exception, answered as a JSON-RPC error (HTTP 200). */
export class RpcException extends Error {
  type: string;
  code: number;
  retryAfter: string | undefined;
  requestIndex = 0;

  constructor(type: string, message: string, options: { code?: number; retryAfter?: string } = {}) {
    super(message);
    this.type = type;
    this.code = options.code ?? -32000;
    this.retryAfter = options.retryAfter;
  }
}

export const invalidUser = (message: string) => new RpcException("InvalidUserException", message);

export const overLimit = (message: string, retryAfter?: string) =>
  new RpcException("OverLimitException", message, retryAfter === undefined ? {} : { retryAfter });

export const argumentError = (message: string) => new RpcException("ArgumentException", message);

export function resultResponse(result: unknown, headers: Record<string, string> = {}): Response {
  return json({ result, jsonrpc: "2.0" }, 200, headers);
}

/** The error body MyGeotab sends: code, message, `data.type`, and the older `errors[]` form too. */
export function errorResponse(error: RpcException): Response {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      data: { id: crypto.randomUUID(), type: error.type, requestIndex: error.requestIndex },
      name: "JSONRPCError",
      errors: [{ message: error.message, name: error.type }],
    },
    jsonrpc: "2.0",
    requestIndex: error.requestIndex,
  };
  return json(body, 200, error.retryAfter === undefined ? {} : { "retry-after": error.retryAfter });
}
