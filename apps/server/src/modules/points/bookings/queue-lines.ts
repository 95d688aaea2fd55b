import { MAX_LINE_BYTES } from './booking-record.js';

/**
 * The lines of a booking queue, from a stream (a file of any size) or a
 * request body. A line longer than the limit is cut just past it, so that
 * memory stays bounded and the parser still rejects it as too long.
 */

const NEWLINE = 0x0a;

function decode(parts: Buffer[]): string {
  const text = Buffer.concat(parts).toString('utf8');
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/** Lines of a byte stream, split on `\n` (a `\r` before it is dropped). */
export async function* streamLines(
  chunks: AsyncIterable<Buffer | string>,
  maxBytes = MAX_LINE_BYTES,
): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  // One byte over the limit is enough to tell the line is too long.
  const keep = maxBytes + 2;
  for await (const chunk of chunks) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (;;) {
      const end = buffer.indexOf(NEWLINE, start);
      const piece = buffer.subarray(start, end === -1 ? buffer.length : end);
      if (size < keep) {
        const kept = piece.subarray(0, keep - size);
        parts.push(kept);
        size += kept.length;
      }
      if (end === -1) break;
      yield decode(parts);
      parts = [];
      size = 0;
      start = end + 1;
    }
  }
  if (size > 0) yield decode(parts);
}

/** Lines of a request body; a final newline does not start another line. */
export function textLines(text: string): string[] {
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
