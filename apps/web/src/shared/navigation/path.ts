/** The parts of an address after the origin. */
export type Path = { pathname: string; search: string; hash: string };

/** A session history entry: its address, the state it was pushed with and its key. */
export type Location = Path & { state: unknown; key: string };

/** Where a link or a navigation goes: an address, or parts of one. */
export type To = string | Partial<Path>;

/** `{ pathname, search, hash }` as one address; an empty `?` or `#` is left out. */
export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

/** An address split into its parts; parts it does not have are left out. */
export function parsePath(address: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = address;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}
