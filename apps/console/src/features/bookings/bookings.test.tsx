import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingImportDetail } from '@club/contract/staff-bookings';
import { StaffApiError } from '../../lib/staff-api';
import { uploadBookings } from './bookings-api';
import { percentOf } from './bookings-home';
import { ImportResult } from './import-result';

afterEach(() => vi.unstubAllGlobals());

/** A stand-in XMLHttpRequest that sends in two steps and answers as told. */
function fakeRequest(status: number, body: unknown) {
  const sent: { url?: string; headers: Record<string, string>; body?: unknown } = { headers: {} };
  class FakeXhr {
    status = 0;
    responseText = '';
    private listeners: Record<string, (() => void)[]> = {};
    upload = {
      handlers: {} as Record<string, ((event: ProgressEvent) => void)[]>,
      addEventListener(type: string, handler: (event: ProgressEvent) => void) {
        (this.handlers[type] ??= []).push(handler);
      },
    };
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    addEventListener(type: string, handler: () => void) {
      (this.listeners[type] ??= []).push(handler);
    }
    send(payload: Blob) {
      sent.body = payload;
      const total = payload.size;
      for (const loaded of [Math.floor(total / 2), total]) {
        for (const handler of this.upload.handlers.progress ?? []) {
          handler({ loaded, total, lengthComputable: true } as ProgressEvent);
        }
      }
      this.status = status;
      this.responseText = JSON.stringify(body);
      for (const handler of this.listeners.load ?? []) handler();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('uploading a bookings file', () => {
  it("sends the file as JSON Lines with its name, reports the upload's progress and answers the import", async () => {
    sessionStorage.setItem('staff-token', 'stf_test');
    const sent = fakeRequest(200, { data: { id: 7 } });
    const progress: number[] = [];
    const file = new Blob(['{"pnr":"ABC123"}\n'.repeat(10)]);
    const answer = await uploadBookings(file, 'day 1.jsonl', (step) =>
      progress.push(percentOf(step)),
    );
    expect(answer).toEqual({ id: 7 });
    expect(sent.url).toBe('/s2c/staff/v1/bookings/imports?fileName=day+1.jsonl');
    expect(sent.headers).toMatchObject({
      'content-type': 'application/x-ndjson',
      authorization: 'Bearer stf_test',
    });
    expect(progress).toEqual([50, 100]);
  });

  it('fails with the status of a refusal (a file over the limit)', async () => {
    fakeRequest(413, { code: 'VALIDATION_FAILED', data: { body: 'Request body is too large' } });
    const error = await uploadBookings(new Blob(['x']), 'big.jsonl', () => undefined).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StaffApiError);
    expect((error as StaffApiError).status).toBe(413);
  });
});

describe("an import's result", () => {
  it('lists every rejected line with its line number, PNR and reason', () => {
    const result: BookingImportDetail = {
      id: 3,
      startedAt: '2030-04-01T09:00:00.000Z',
      finishedAt: '2030-04-01T09:00:01.000Z',
      actor: 'manager.at@example.com',
      source: 'console',
      fileName: 'x.jsonl',
      outcome: 'finished',
      lines: 3,
      accepted: 1,
      updated: 0,
      unchanged: 0,
      rejectedCount: 2,
      summary: {
        lines: 3,
        accepted: 1,
        updated: 0,
        unchanged: 0,
        rejected: {
          'no-remark': 0,
          'remark-without-space': 0,
          'malformed-remark': 0,
          'unknown-member': 1,
          'inactive-member': 0,
          'unknown-office': 0,
          'office-other-country': 0,
          'inactive-office': 0,
          'no-segments': 0,
          'all-segments-cancelled': 0,
        },
        malformed: [{ line: 2, message: 'not valid JSON' }],
        malformedCount: 1,
        segments: 2,
      },
      rejectedLines: [
        { line: 2, pnr: null, reason: 'malformed', message: 'not valid JSON' },
        { line: 3, pnr: 'ABC123', reason: 'unknown-member', message: 'No such member.' },
      ],
    };
    render(<ImportResult result={result} />);
    const table = screen.getByRole('table', { name: 'Rejected lines (2)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2—malformednot valid JSON',
      '3ABC123unknown-memberNo such member.',
    ]);
  });
});
