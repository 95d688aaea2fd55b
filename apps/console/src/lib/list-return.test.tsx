import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useBackToList, useListState } from './list-return';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function List({ item }: { item: string }) {
  const state = useListState();
  return (
    <>
      <Where />
      <Link to={item} state={state}>
        Open
      </Link>
    </>
  );
}

function Item({ list, plain }: { list: string; plain?: string }) {
  const back = useBackToList(list, plain);
  return (
    <>
      <Where />
      <Link to={back} relative="path">
        Back
      </Link>
    </>
  );
}

function renderAt(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/gifts" element={<List item="7" />} />
        <Route path="/gifts/:id" element={<Item list=".." plain="?country=at" />} />
        <Route path="/bookings" element={<List item="imports/3" />} />
        <Route path="/bookings/imports/:id" element={<Item list="../.." />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Back to a list', () => {
  it('returns to the filter the item was opened from', async () => {
    renderAt('/gifts?country=at&stock=low');
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(screen.getByTestId('where').textContent).toBe('/gifts/7');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/gifts?country=at&stock=low');
  });

  it('returns to the page of a list two levels up', async () => {
    renderAt('/bookings?page=3');
    await userEvent.click(screen.getByRole('link', { name: 'Open' }));
    expect(screen.getByTestId('where').textContent).toBe('/bookings/imports/3');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/bookings?page=3');
  });

  it('opened another way, returns to the plain list', async () => {
    renderAt('/gifts/7');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(screen.getByTestId('where').textContent).toBe('/gifts?country=at');
  });
});
