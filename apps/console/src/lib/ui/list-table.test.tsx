import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListTable, type ListColumn } from './list-table';

type Claim = { id: number; pnr: string; points: number };
const columns: ListColumn<Claim>[] = [
  { header: 'Claim', cell: (claim) => `Claim ${claim.id}`, rowHeader: true },
  { header: 'PNR', cell: (claim) => claim.pnr },
  { header: 'Points', cell: (claim) => claim.points },
];

describe('a list table', () => {
  it('captions the table, names its scrolling region, heads each column and each row', () => {
    render(
      <ListTable
        caption="Claims, oldest first"
        columns={columns}
        rows={[
          { id: 1, pnr: 'ABC123', points: 10 },
          { id: 2, pnr: 'XYZ789', points: 5 },
        ]}
        rowKey={(claim) => claim.id}
        empty="No claims match."
      />,
    );
    const region = screen.getByRole('region', { name: 'Claims, oldest first' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByRole('table', { name: 'Claims, oldest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim', 'PNR', 'Points']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Claim 1', 'Claim 2']);
    expect(within(table).getByRole('row', { name: /Claim 2/ }).textContent).toBe(
      'Claim 2XYZ7895',
    );
    expect(screen.queryByText('No claims match.')).toBeNull();
  });

  it('says so in one cell across the columns when nothing matches, and marks a reload busy', () => {
    render(
      <ListTable
        caption="Claims"
        columns={columns}
        rows={[]}
        rowKey={(claim) => claim.id}
        empty="No claims match."
        busy
      />,
    );
    expect(screen.getByRole('cell', { name: 'No claims match.' }).getAttribute('colspan')).toBe(
      '3',
    );
    expect(screen.getByRole('region', { name: 'Claims' }).getAttribute('aria-busy')).toBe('true');
  });
});
