import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { deferredChildLoggerFactory } from './deferred-logger.js';

function fakeParent() {
  const lines: unknown[][] = [];
  const children: Record<string, unknown>[] = [];
  const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const log =
      (level: string) =>
      (...args: unknown[]) =>
        void lines.push([level, bindings, ...args]);
    return {
      level: 'info',
      fatal: log('fatal'),
      error: log('error'),
      warn: log('warn'),
      info: log('info'),
      debug: log('debug'),
      trace: log('trace'),
      silent: log('silent'),
      child: (more: Record<string, unknown>) => {
        children.push(more);
        return make({ ...bindings, ...more });
      },
    };
  };
  return { parent: make({}), lines, children };
}

describe('request loggers made on first use', () => {
  it('makes the child only when something is logged, with the bindings', () => {
    const { parent, lines, children } = fakeParent();
    const logger = deferredChildLoggerFactory.call(
      undefined as never,
      parent,
      { reqId: 'req-1' },
      {},
      undefined as never,
    );
    expect(logger.level).toBe('info');
    expect(children).toEqual([]);
    logger.warn({ detail: 1 }, 'something');
    logger.error('again');
    expect(children).toEqual([{ reqId: 'req-1' }]);
    expect(lines).toEqual([
      ['warn', { reqId: 'req-1' }, { detail: 1 }, 'something'],
      ['error', { reqId: 'req-1' }, 'again'],
    ]);
  });
});
