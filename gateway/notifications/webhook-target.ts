import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";

// Where outbound webhooks may go. A subscription names a URL, and the shop POSTs to it and reports
// each answer's status back to whoever subscribed: a receiver on the shop's own machine or network
// (a database's port, a cloud's metadata service at 169.254.169.254) would make the shop a scanner
// of its own network. So a receiver must be an https URL whose host is on the public internet:
// every address its name resolves to is checked when subscribing and again at each delivery, and a
// delivery connects only to the address that was checked (webhook.client.ts), so a name that
// resolves elsewhere between the check and the connection (DNS rebinding) gains nothing.

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup's answer; tests hand in their own). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry): "this network"
 * and the unspecified 0.0.0.0, private networks, shared address space (carrier-grade NAT), loopback,
 * link-local (cloud metadata services), IETF protocol assignments, documentation and benchmarking
 * networks, the 6to4 relay, multicast, and the reserved 240/4 with the broadcast address.
 */
const NOT_PUBLIC_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

/**
 * IPv6 ranges that are not the public internet: the unspecified and loopback addresses with the
 * rest of the IPv4-compatible ::/96, discard-only, the IETF protocol assignments (Teredo among
 * them), documentation, unique-local fc00::/7, link-local fe80::/10, the old site-local fec0::/10,
 * multicast, and local-use NAT64 (whose IPv4 part sits where the network chose).
 */
const NOT_PUBLIC_V6: readonly [string, number][] = [
  ["::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["64:ff9b:1::", 48],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const notPublicV4 = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V4) notPublicV4.addSubnet(net, prefix, "ipv4");
const notPublicV6 = new BlockList();
for (const [net, prefix] of NOT_PUBLIC_V6) notPublicV6.addSubnet(net, prefix, "ipv6");

/** An IPv6 address's 16 bytes (isIP already said it is one), or null for a scoped one (fe80::1%eth0). */
function ipv6Bytes(address: string): Uint8Array | null {
  if (address.includes("%")) return null;
  let text = address.toLowerCase();
  const words: number[] = [];
  // A dotted IPv4 tail (::ffff:127.0.0.1) is its last two words.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    tail = [(a << 8) | b, (c << 8) | d];
    text = text.slice(0, -dotted[1]!.length) + "0:0";
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((word) => Number.parseInt(word, 16)));
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  words.push(...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after);
  if (tail.length) words.splice(6, 2, ...tail);
  const bytes = new Uint8Array(16);
  words.forEach((word, i) => {
    bytes[2 * i] = word >> 8;
    bytes[2 * i + 1] = word & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);
const dottedQuad = (bytes: Uint8Array, at: number) => `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;

/**
 * The IPv4 address an IPv6 address carries and reaches, or null: IPv4-mapped ::ffff:a.b.c.d and
 * IPv4-translated ::ffff:0:a.b.c.d (a dual-stack socket connects to the IPv4 address itself), the
 * well-known NAT64 prefix 64:ff9b::/96, and 6to4 2002:AABB:CCDD::/48.
 */
function embeddedIPv4(bytes: Uint8Array): string | null {
  const zeros = (n: number) => Array<number>(n).fill(0);
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return dottedQuad(bytes, 12);
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return dottedQuad(bytes, 12);
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return dottedQuad(bytes, 12);
  if (startsWith(bytes, [0x20, 0x02])) return dottedQuad(bytes, 2);
  return null;
}

/** Whether an IP address (v4 or v6, as dns.lookup answers or a URL's host names it) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, "ipv4");
  if (family !== 6) return false;
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  const v4 = embeddedIPv4(bytes);
  if (v4 !== null) return isPublicAddress(v4);
  return !notPublicV6.check(address, "ipv6");
}

/** A receiver the shop will not send to: the reason is fit to show whoever subscribed. */
export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TargetRefused";
  }
}

/** A URL's host as an address or a name: without IPv6's brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The receiver policy. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE_TARGETS, for tests and development
 * only) lets http and any address through; the address is still resolved once and pinned.
 */
export class WebhookTargets {
  constructor(private readonly options: { allowPrivate: boolean; resolve?: Resolve }) {}

  get allowPrivate(): boolean {
    return this.options.allowPrivate;
  }

  /**
   * The one address a delivery to `url` connects to, checked: the URL's own address when it names
   * one, else the first of its name's addresses once every one of them is public (a name with one
   * private address among public ones is refused: which one a client picks is not ours to know).
   */
  async addressFor(url: URL): Promise<ResolvedAddress> {
    if (url.protocol !== "https:" && !(this.options.allowPrivate && url.protocol === "http:")) {
      throw new TargetRefused("The receiver must be an https:// address");
    }
    const host = hostOf(url);
    const literal = isIP(host);
    if (literal) return this.checked([{ address: host, family: literal === 6 ? 6 : 4 }], "The receiver's address");
    let addresses: ResolvedAddress[];
    try {
      addresses = await (this.options.resolve ?? systemResolve)(host);
    } catch {
      throw new TargetRefused(`The receiver's host name ${host} does not resolve`);
    }
    if (addresses.length === 0) throw new TargetRefused(`The receiver's host name ${host} does not resolve`);
    return this.checked(addresses, `The receiver's host name ${host}`);
  }

  private checked(addresses: ResolvedAddress[], what: string): ResolvedAddress {
    if (!this.options.allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
      throw new TargetRefused(`${what} is not on the public internet (a loopback, private, link-local or reserved address)`);
    }
    return addresses[0]!;
  }
}
