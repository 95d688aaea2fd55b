import { isIPv6 } from 'node:net';

/**
 * The client address as every per-address limit counts it (logins, the
 * current-password checks, registrations, handovers, email changes, staff
 * logins and setup, the enroll calls, the error log): an IPv6 client by its
 * /64, since one home or office is given a /64 at least and may send from any
 * of its 2^64 addresses; an IPv4 address, and an IPv4 address an IPv6 socket
 * shows as `::ffff:a.b.c.d`, as it is. Anything else (not an address) is
 * kept as it is.
 *
 * `2001:DB8:0:7:a::1` and `2001:db8::7:ffff:1:2:3` both count as
 * `2001:db8:0:7::/64`.
 */
export function limitAddress(ip: string): string {
  // A link-local address may carry its interface (`fe80::1%eth0`): the zone is no part of the address.
  const address = ip.split('%', 1)[0]!;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  const ipv4Mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (ipv4Mapped) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const first = parse(head);
  if (tail === undefined) return first;
  const last = parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
