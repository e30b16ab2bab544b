import { describe, expect, it } from "vitest";
import { checkWebhookUrl } from "../../src/webhooks/url-policy";

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe("checkWebhookUrl", () => {
  it("accepts public https URLs", () => {
    for (const url of [
      "https://example.com/webhooks",
      "https://hooks.example.co.uk:8443/a?b=c",
      "https://8.8.8.8/hook",
      "https://[2606:4700::1111]/hook",
    ]) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: true });
    }
  });

  it("refuses other schemes and malformed URLs", () => {
    for (const url of [
      "http://example.com/hook",
      "ftp://example.com/hook",
      "file:///etc/passwd",
      "not a url",
      "https://user:pass@example.com/hook",
    ]) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: false });
    }
  });

  it("refuses private, loopback, link-local, metadata and internal hosts", () => {
    for (const url of [
      "https://localhost/hook",
      "https://api.localhost/hook",
      "https://printer.local/hook",
      "https://service.internal/hook",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://intranet/hook",
      "https://127.0.0.1/hook",
      "https://127.1.2.3/hook",
      "https://2130706433/hook",
      "https://0x7f000001/hook",
      "https://0.0.0.0/hook",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://172.31.255.255/hook",
      "https://192.168.1.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/hook",
      "https://224.0.0.1/hook",
      "https://[::1]/hook",
      "https://[::]/hook",
      "https://[fc00::1]/hook",
      "https://[fd12:3456::1]/hook",
      "https://[fe80::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[::ffff:169.254.169.254]/hook",
    ]) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: false });
    }
  });

  it("accepts http and loopback only when loopback webhooks are allowed", () => {
    for (const url of ["http://127.0.0.1:8787/hook", "http://localhost:3000/hook", "http://[::1]:9000/hook"]) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: false });
      expect(checkWebhookUrl(url, loose), url).toMatchObject({ ok: true });
    }
    // Loopback does not open private networks or metadata addresses.
    for (const url of ["http://10.0.0.1/hook", "http://169.254.169.254/", "https://192.168.0.10/hook"]) {
      expect(checkWebhookUrl(url, loose), url).toMatchObject({ ok: false });
    }
  });
});
