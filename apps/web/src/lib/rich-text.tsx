// Placeholder: sanitises only. The web foundation work replaces this with the
// full rich-text component (link rewriting of spec 1 §2 and in-app navigation).
import DOMPurify from 'dompurify';

export type RichTextProps = { html: string; className?: string; as?: 'div' | 'span' };

export function RichText({ html, className, as: Tag = 'div' }: RichTextProps) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />;
}
