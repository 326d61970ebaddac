import { isIPv4, isIPv6 } from "node:net";

/** An IPv6 address's eight 16-bit groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, "");
  if (!isIPv6(bare)) return null;
  const toGroups = (part: string): number[] => {
    if (part === "") return [];
    return part.split(":").flatMap((piece) => {
      if (!piece.includes(".")) return [parseInt(piece, 16)];
      const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [head = "", tail] = bare.split("::");
  const front = toGroups(head);
  const back = tail === undefined ? [] : toGroups(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What the limits per client count by, from the client's address: an IPv4 address as it is (also
 * when it arrives IPv4-mapped, `::ffff:10.0.0.1`), an IPv6 address as its /64 (one household or
 * server is usually given a whole /64, so counting each address apart would count nothing).
 */
export function clientKeyOf(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
