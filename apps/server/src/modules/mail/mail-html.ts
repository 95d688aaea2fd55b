/**
 * The HTML of a mail template as the club sends it: an allow-list of
 * mail-safe tags and attributes, links only to the club's own hosts (the
 * public root domain and its two-letter country subdomains) and the link
 * placeholders, images only from the club's media (`/media/…` on those
 * hosts). Staff-written templates pass through here when they are saved
 * (the console hears what was removed) and again whenever a mail is made
 * from them, so a template that reached the database another way (a content
 * file) is sent safe too.
 *
 * Nothing of the input is copied through as markup: the template is read
 * into text, tags and comments, and written anew from what is allowed (tag
 * names from the list, attributes quoted and escaped, URLs as parsed and
 * checked, text with `<` and `>` escaped). What a mail client makes of odd
 * input therefore never matters: it only ever sees this output.
 */

/** Placeholders that carry a link the club makes: an `href` may be exactly one of them. */
export const mailLinkPlaceholders: ReadonlySet<string> = new Set([
  'link',
  'loginLink',
  'registrationLink',
]);

/** Where the club's links point: the scheme, port and base path of PUBLIC_BASE_URL, hosts under PUBLIC_ROOT_DOMAIN. */
export type MailLinkHosts = { publicBaseUrl: string; publicRootDomain: string };

export type SanitisedMailHtml = {
  html: string;
  /** What was taken out, in words for the editor (each once, in order of appearance). */
  removed: string[];
};

const globalAttributes = ['dir', 'lang', 'title', 'align'];
const cellAttributes = ['colspan', 'rowspan', 'valign', 'width', 'height', 'bgcolor'];

/** Mail-safe tags and the attributes each keeps. */
const allowedTags: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    a: ['href'],
    b: [],
    bdi: [],
    blockquote: [],
    br: [],
    code: [],
    div: [],
    em: [],
    h1: [],
    h2: [],
    h3: [],
    h4: [],
    hr: [],
    i: [],
    img: ['src', 'alt', 'width', 'height'],
    li: [],
    ol: ['start'],
    p: [],
    pre: [],
    s: [],
    small: [],
    span: [],
    strong: [],
    sub: [],
    sup: [],
    table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor'],
    tbody: [],
    td: cellAttributes,
    tfoot: [],
    th: cellAttributes,
    thead: [],
    tr: ['valign', 'bgcolor'],
    u: [],
    ul: [],
  }).map(([tag, own]) => [tag, new Set([...globalAttributes, ...own])]),
);

/** The tags a mail's HTML may carry. */
export const mailSafeTags: readonly string[] = [...allowedTags.keys()];

const voidTags = new Set(['br', 'hr', 'img']);

/** Elements whose content is raw text to the browser: dropped up to their end tag. */
const rawTextTags = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);

/** Elements dropped with everything in them (their content means nothing without them). */
const droppedWithContent = new Set([
  'applet',
  'audio',
  'canvas',
  'frameset',
  'head',
  'math',
  'object',
  'select',
  'svg',
  'template',
  'video',
]);

/** Attribute values each allowed attribute may take (links and images are checked as URLs). */
const attributeValues: Record<string, RegExp> = {
  dir: /^(ltr|rtl|auto)$/i,
  lang: /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i,
  title: /^[^]{0,200}$/,
  alt: /^[^]{0,300}$/,
  align: /^(left|right|center|justify)$/i,
  valign: /^(top|middle|bottom|baseline)$/i,
  width: /^\d{1,4}%?$/,
  height: /^\d{1,4}%?$/,
  border: /^\d{1,2}$/,
  cellpadding: /^\d{1,2}$/,
  cellspacing: /^\d{1,2}$/,
  colspan: /^\d{1,2}$/,
  rowspan: /^\d{1,2}$/,
  start: /^\d{1,4}$/,
  bgcolor: /^#[0-9a-f]{3}([0-9a-f]{3})?$/i,
};

const placeholderOnly = /^\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}$/;

/** Named character references a URL may be written with (others stay as they are). */
const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  sol: '/',
  bsol: '\\',
  period: '.',
  comma: ',',
  quest: '?',
  num: '#',
  equals: '=',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  tab: '\t',
  newline: '\n',
  commat: '@',
};

/** An attribute value as a mail client reads it: character references decoded. */
function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));?/g,
    (match, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return namedEntities[name] ?? match;
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    },
  );
}

const escapeText = (text: string) =>
  text
    // A character reference stays one; any other `&` is a plain ampersand.
    .replace(/&(?!(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});)/g, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

const escapeAttribute = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/** Long values are cut in the report: it names them, it does not repeat them. */
const shown = (value: string) => (value.length > 80 ? `${value.slice(0, 77)}…` : value);

/** The club's hosts: the root domain and its two-letter country subdomains, on the configured port. */
function isClubUrl(url: URL, hosts: MailLinkHosts): boolean {
  const base = new URL(hosts.publicBaseUrl);
  const root = hosts.publicRootDomain.toLowerCase();
  const host = url.hostname.toLowerCase();
  const clubHost =
    host === root ||
    (host.endsWith(`.${root}`) && /^[a-z]{2}$/.test(host.slice(0, -root.length - 1)));
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    clubHost &&
    url.port === base.port
  );
}

/** The URL of an `href` or `src` if it is an absolute one on the club's hosts. */
function clubUrl(raw: string, hosts: MailLinkHosts | undefined): URL | undefined {
  if (hosts === undefined) return undefined;
  // A URL with a placeholder inside would not be filled (URL parsing encodes the braces).
  if (raw.includes('{{')) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  return isClubUrl(url, hosts) ? url : undefined;
}

function mediaPathOf(hosts: MailLinkHosts): string {
  return `${new URL(hosts.publicBaseUrl).pathname.replace(/\/+$/, '')}/media/`;
}

type Attribute = { name: string; value: string };
type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attributes: Attribute[]; selfClosing: boolean }
  | { kind: 'end'; name: string }
  | { kind: 'comment' }
  | { kind: 'declaration' };

const isLetter = (char: string | undefined) => char !== undefined && /[A-Za-z]/.test(char);
const isSpace = (char: string | undefined) => char !== undefined && /[\t\n\f\r ]/.test(char);

/**
 * Reads HTML into tokens the way a browser's tokenizer roughly does. Raw
 * text elements (`script`, `style`, …) are answered as one start token and
 * their content is skipped up to their end tag.
 */
function* tokens(html: string): Generator<Token> {
  let at = 0;
  let text = '';
  const flush = function* (): Generator<Token> {
    if (text !== '') yield { kind: 'text', text };
    text = '';
  };
  while (at < html.length) {
    const char = html[at]!;
    if (char !== '<') {
      text += char;
      at += 1;
      continue;
    }
    const next = html[at + 1];
    if (html.startsWith('<!--', at)) {
      yield* flush();
      const end = html.indexOf('-->', at + 4);
      const endBang = html.indexOf('--!>', at + 4);
      const close = [end === -1 ? Infinity : end + 3, endBang === -1 ? Infinity : endBang + 4];
      at = Math.min(...close, html.length);
      yield { kind: 'comment' };
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !isLetter(html[at + 2]))) {
      // A declaration, a processing instruction or `</` without a name: up to the next `>`.
      yield* flush();
      const end = html.indexOf('>', at + 2);
      at = end === -1 ? html.length : end + 1;
      yield { kind: 'declaration' };
      continue;
    }
    const closing = next === '/';
    if (!closing && !isLetter(next)) {
      text += '<';
      at += 1;
      continue;
    }
    yield* flush();
    let cursor = at + (closing ? 2 : 1);
    let name = '';
    while (
      cursor < html.length &&
      !isSpace(html[cursor]) &&
      html[cursor] !== '/' &&
      html[cursor] !== '>'
    ) {
      name += html[cursor];
      cursor += 1;
    }
    name = name.toLowerCase();
    const attributes: Attribute[] = [];
    let selfClosing = false;
    // Attributes: name, optional `=` and a quoted or unquoted value, up to `>`.
    while (cursor < html.length && html[cursor] !== '>') {
      const current = html[cursor]!;
      selfClosing = current === '/' && html[cursor + 1] === '>';
      if (isSpace(current) || current === '/') {
        cursor += 1;
        continue;
      }
      let attributeName = current;
      cursor += 1;
      while (
        cursor < html.length &&
        !isSpace(html[cursor]) &&
        !['/', '>', '='].includes(html[cursor]!)
      ) {
        attributeName += html[cursor];
        cursor += 1;
      }
      while (isSpace(html[cursor])) cursor += 1;
      let value = '';
      if (html[cursor] === '=') {
        cursor += 1;
        while (isSpace(html[cursor])) cursor += 1;
        const quote = html[cursor];
        if (quote === '"' || quote === "'") {
          const end = html.indexOf(quote, cursor + 1);
          value = html.slice(cursor + 1, end === -1 ? html.length : end);
          cursor = end === -1 ? html.length : end + 1;
        } else {
          while (cursor < html.length && !isSpace(html[cursor]) && html[cursor] !== '>') {
            value += html[cursor];
            cursor += 1;
          }
        }
      }
      attributes.push({ name: attributeName.toLowerCase(), value });
    }
    at = cursor + 1;
    if (closing) {
      yield { kind: 'end', name };
      continue;
    }
    yield { kind: 'start', name, attributes, selfClosing };
    if (rawTextTags.has(name) || name === 'plaintext') {
      // Its content is text to the browser up to `</name` (plaintext: to the end).
      const rest = html.slice(at).toLowerCase();
      const end = name === 'plaintext' ? -1 : rest.search(new RegExp(`</${name}[\\t\\n\\f\\r />]`));
      if (end === -1) {
        at = html.length;
      } else {
        const close = html.indexOf('>', at + end);
        at = close === -1 ? html.length : close + 1;
      }
    }
  }
  yield* flush();
}

/**
 * Sanitises a mail template's HTML (see above). `hosts` undefined: no club
 * host is known, so only the link placeholders are kept as links and no
 * image stays.
 */
export function sanitiseMailHtml(
  html: string,
  hosts: MailLinkHosts | undefined,
): SanitisedMailHtml {
  const removed = new Set<string>();
  let out = '';
  /** The element being dropped with its content, and how deep in it we are. */
  let dropping: { name: string; depth: number } | undefined;

  for (const token of tokens(html.replaceAll('\u0000', ''))) {
    if (dropping !== undefined) {
      if (token.kind === 'start' && token.name === dropping.name && !token.selfClosing) {
        dropping.depth += 1;
      }
      if (token.kind === 'end' && token.name === dropping.name) {
        dropping.depth -= 1;
        if (dropping.depth === 0) dropping = undefined;
      }
      continue;
    }
    switch (token.kind) {
      case 'text':
        out += escapeText(token.text);
        break;
      case 'comment':
        removed.add('a comment');
        break;
      case 'declaration':
        removed.add('a declaration (<!…> or <?…>)');
        break;
      case 'end':
        if (allowedTags.has(token.name) && !voidTags.has(token.name)) out += `</${token.name}>`;
        break;
      case 'start': {
        if (rawTextTags.has(token.name) || token.name === 'plaintext') {
          removed.add(`<${token.name}> and its content`);
          break;
        }
        if (droppedWithContent.has(token.name)) {
          removed.add(`<${token.name}> and its content`);
          // `<svg/>` has no content (nor, to the browser, does any other element ended so).
          if (!token.selfClosing) dropping = { name: token.name, depth: 1 };
          break;
        }
        const allowed = allowedTags.get(token.name);
        if (allowed === undefined) {
          removed.add(`<${token.name}> (its text is kept)`);
          break;
        }
        const kept = keptAttributes(token.name, token.attributes, allowed, hosts, removed);
        if (kept === undefined) break;
        out += `<${token.name}${kept.map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`;
        break;
      }
    }
  }
  return { html: out, removed: [...removed] };
}

/**
 * The attributes a tag keeps, each once; undefined when the tag itself goes
 * (an image that is not the club's).
 */
function keptAttributes(
  tag: string,
  attributes: Attribute[],
  allowed: ReadonlySet<string>,
  hosts: MailLinkHosts | undefined,
  removed: Set<string>,
): Attribute[] | undefined {
  const kept: Attribute[] = [];
  const seen = new Set<string>();
  for (const { name, value } of attributes) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (!allowed.has(name)) {
      removed.add(`the ${shown(name)} attribute of <${tag}>`);
      continue;
    }
    const decoded = decodeEntities(value).trim();
    if (name === 'href') {
      const placeholder = placeholderOnly.exec(decoded)?.[1];
      if (placeholder !== undefined && mailLinkPlaceholders.has(placeholder)) {
        kept.push({ name, value: `{{${placeholder}}}` });
        continue;
      }
      const url = clubUrl(decoded, hosts);
      if (url === undefined) {
        removed.add(`a link to ${shown(decoded)} (its text is kept)`);
        continue;
      }
      kept.push({ name, value: url.href });
      continue;
    }
    if (name === 'src') {
      const url = clubUrl(decoded, hosts);
      if (url === undefined || !url.pathname.startsWith(mediaPathOf(hosts!))) {
        removed.add(`an image from ${shown(decoded)}`);
        return undefined;
      }
      kept.push({ name, value: url.href });
      continue;
    }
    const pattern = attributeValues[name];
    if (pattern !== undefined && !pattern.test(decoded)) {
      removed.add(`the ${name} attribute of <${tag}> ("${shown(decoded)}")`);
      continue;
    }
    kept.push({ name, value: decoded });
  }
  if (tag === 'img' && !kept.some((attribute) => attribute.name === 'src')) {
    removed.add('an image without an address');
    return undefined;
  }
  return kept;
}
