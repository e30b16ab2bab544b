import { describe, expect, it } from "vitest";
import { checkWebhookUrl, classifyAddress } from "../../src/webhooks/url-policy";

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

  // Each IPv6 form that carries an IPv4 address is judged by that address, in every spelling.
  const embedded: [form: string, blocked: string[], allowed: string[]][] = [
    [
      "IPv4-mapped ::ffff:a.b.c.d",
      [
        "::ffff:127.0.0.1",
        "::ffff:7f00:1",
        "::ffff:10.0.0.1",
        "::ffff:a00:1",
        "::ffff:a9fe:a9fe",
        "::FFFF:192.168.1.1",
      ],
      ["::ffff:8.8.8.8", "::ffff:808:808"],
    ],
    [
      "IPv4-compatible ::a.b.c.d",
      ["::127.0.0.1", "::7f00:1", "::10.0.0.1", "::169.254.169.254", "0:0:0:0:0:0:a9fe:a9fe"],
      ["::8.8.8.8", "::808:808"],
    ],
    [
      "IPv4-translated ::ffff:0:a.b.c.d",
      ["::ffff:0:127.0.0.1", "::ffff:0:7f00:1", "::ffff:0:10.0.0.1", "::ffff:0:a9fe:a9fe"],
      ["::ffff:0:8.8.8.8", "::ffff:0:808:808"],
    ],
    [
      "NAT64 64:ff9b::/96",
      ["64:ff9b::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::10.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b:0:0:0:0:c0a8:101"],
      ["64:ff9b::8.8.8.8", "64:ff9b::808:808", "64:ff9b::5db8:d822"],
    ],
    [
      "6to4 2002::/16",
      ["2002:7f00:1::1", "2002:a00:1::", "2002:a9fe:a9fe::1", "2002:c0a8:101:1::1"],
      ["2002:808:808::1", "2002:5db8:d822:1::1"],
    ],
    [
      // Server 8.8.8.8 in groups 2-3; client in the last 32 bits, inverted (1.1.1.1 is fefe:fefe).
      "Teredo 2001::/32",
      [
        "2001:0:808:808::80ff:fffe", // client 127.0.0.1
        "2001:0:808:808::f5ff:fffe", // client 10.0.0.1
        "2001:0:808:808::5601:5601", // client 169.254.169.254
        "2001:0:a00:1::fefe:fefe", // server 10.0.0.1
        "2001:0:7f00:1::fefe:fefe", // server 127.0.0.1
      ],
      ["2001:0:808:808::fefe:fefe", "2001:0:4136:e378:8000:63bf:a2b7:f7f7"],
    ],
  ];

  for (const [form, blocked, allowed] of embedded) {
    it(`judges ${form} by the IPv4 address it carries`, () => {
      for (const address of blocked) {
        expect(classifyAddress(address), address).toBe("blocked");
        expect(checkWebhookUrl(`https://[${address}]/hook`, strict), address).toMatchObject({ ok: false });
        expect(checkWebhookUrl(`https://[${address}]/hook`, loose), address).toMatchObject({ ok: false });
      }
      for (const address of allowed) {
        expect(classifyAddress(address), address).toBe("public");
        expect(checkWebhookUrl(`https://[${address}]/hook`, strict), address).toMatchObject({ ok: true });
      }
    });
  }

  it("refuses the local-use NAT64 prefix 64:ff9b:1::/48 whatever it carries", () => {
    for (const address of ["64:ff9b:1::a00:1", "64:ff9b:1::808:808", "64:ff9b:1:808:8:800::", "64:ff9b:0:1::808:808"]) {
      expect(classifyAddress(address), address).toBe("blocked");
      expect(checkWebhookUrl(`https://[${address}]/hook`, strict), address).toMatchObject({ ok: false });
    }
  });

  it("refuses reserved IPv6 ranges and everything outside global unicast", () => {
    for (const address of [
      "2001:db8::1", // documentation
      "2001:db8:ffff::8.8.8.8",
      "3fff::1", // documentation (RFC 9637)
      "100::1", // discard
      "100::8.8.8.8",
      "fec0::1", // site-local
      "feff::1",
      "2001:2::1", // benchmarking
      "2001:10::1", // ORCHID
      "2001:20::1", // ORCHIDv2
      "5f00::1", // SRv6 SIDs
      "4000::1", // unassigned
      "ff02::1", // multicast
      "::2",
    ]) {
      expect(classifyAddress(address), address).toBe("blocked");
      expect(checkWebhookUrl(`https://[${address}]/hook`, strict), address).toMatchObject({ ok: false });
    }
    for (const address of ["2606:4700::1111", "2a00:1450:4001:81c::200e", "2001:4860:4860::8888", "2001:3::1"]) {
      expect(classifyAddress(address), address).toBe("public");
    }
  });

  it("classifies addresses as public, loopback or blocked, and other text as none", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("127.255.0.9")).toBe("loopback");
    expect(classifyAddress("::1")).toBe("loopback");
    expect(classifyAddress("93.184.216.34")).toBe("public");
    expect(classifyAddress("10.0.0.1")).toBe("blocked");
    expect(classifyAddress("169.254.169.254")).toBe("blocked");
    for (const text of ["example.com", "not-an-address", "1.2.3", "1.2.3.256", "::ffff:1.2.3.4.5", "1:2:3", ""]) {
      expect(classifyAddress(text), text).toBeUndefined();
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
