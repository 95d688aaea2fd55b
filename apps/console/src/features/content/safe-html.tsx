import { createElement, type ReactNode } from 'react';

/**
 * Content HTML shown in the preview as React elements, keeping only the
 * simple tags the content may use (docs/content.md) and links to safe
 * addresses: whatever else an editor typed shows as its text, never as markup.
 */
const kept = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'br', 'a']);
const safeHref = /^(https?:|mailto:|\/)/i;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const children = [...element.childNodes].map(toReact);
  const tag = element.tagName.toLowerCase();
  if (!kept.has(tag))
    return children.length === 0 ? null : createElement('span', { key }, children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    return safeHref.test(href)
      ? createElement('a', { key, href, target: '_blank', rel: 'noreferrer' }, children)
      : createElement('span', { key }, children);
  }
  return createElement(tag, { key }, children);
}

export function SafeHtml({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return <>{[...body.childNodes].map(toReact)}</>;
}
