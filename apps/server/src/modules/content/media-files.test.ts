import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../config.js';

const mediaDir = join(repositoryRoot, 'content', 'media');

/** Every SVG image of the demo content, by its path under content/media. */
function svgFiles(): string[] {
  return readdirSync(mediaDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.svg'))
    .sort();
}

describe('the demo media', () => {
  it('has SVG images to check', () => {
    expect(svgFiles()).toContain('logo.svg');
  });

  // Text in an SVG image is drawn with whatever fonts the device has, so it
  // looks different from one device to the next, and the image's own document
  // looks its fonts up again on every page load, on the main thread (about
  // 3 ms of a 12 ms task for the header logo, before it became outlines).
  it.each(svgFiles())('%s draws its lettering as outlines, not as text', (name) => {
    const svg = readFileSync(join(mediaDir, name), 'utf8');
    expect(svg).not.toMatch(/<(text|tspan|textPath)\b/);
  });
});
