/**
 * urlParts reads a request URL's host, hostname and path with string operations (routing runs
 * it on every request); it must agree with the URL parser on every URL a Request can carry, the
 * path read as routing reads it: repeated slashes as one, no trailing slash but the root's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { urlParts } from "../../src/http/environments";

/** The parser's path as routing reads it. */
function routedPath(pathname: string): string {
  const collapsed = pathname.replace(/\/+/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

const expected = (url: URL) => ({ host: url.host, hostname: url.hostname, pathname: routedPath(url.pathname) });

describe("urlParts", () => {
  it("agrees with URL on host, hostname and pathname", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        // A Request's url is the parser's serialization.
        const url = new URL(new Request(raw).url);
        expect(urlParts(url.href)).toEqual(expected(url));
      }),
      { numRuns: 500 },
    );
    for (const raw of ["http://127.0.0.1:8787/tsp/v1/vehicles?limit=1", "http://[::1]:8787/a?b#c", "https://x.test"]) {
      const url = new URL(raw);
      expect(urlParts(url.href)).toEqual(expected(url));
    }
  });

  it("reads repeated slashes as one and drops a trailing slash, but keeps the root", () => {
    expect(urlParts("http://x.test//tsp/v1//vehicles///locations/?a=//b").pathname).toBe("/tsp/v1/vehicles/locations");
    expect(urlParts("http://x.test/tsp/v1/vehicles/").pathname).toBe("/tsp/v1/vehicles");
    expect(urlParts("http://x.test/").pathname).toBe("/");
    expect(urlParts("http://x.test//").pathname).toBe("/");
    expect(urlParts("http://x.test").pathname).toBe("/");
  });
});
