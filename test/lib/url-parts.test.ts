/**
 * urlParts reads a request URL's host, hostname and path with string operations (routing runs
 * it on every request); it must agree with the URL parser on every URL a Request can carry.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { urlParts } from "../../src/http/environments";

describe("urlParts", () => {
  it("agrees with URL on host, hostname and pathname", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        // A Request's url is the parser's serialization.
        const url = new URL(new Request(raw).url);
        expect(urlParts(url.href)).toEqual({ host: url.host, hostname: url.hostname, pathname: url.pathname });
      }),
      { numRuns: 500 },
    );
    for (const raw of ["http://127.0.0.1:8787/tsp/v1/vehicles?limit=1", "http://[::1]:8787/a?b#c", "https://x.test"]) {
      const url = new URL(raw);
      expect(urlParts(url.href)).toEqual({ host: url.host, hostname: url.hostname, pathname: url.pathname });
    }
  });
});
