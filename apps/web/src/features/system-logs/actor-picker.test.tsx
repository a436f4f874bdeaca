import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../core/session';
import { ActorPicker, userLabel } from './actor-picker';

const fetchMock = vi.fn();
// path and query of each call, whether the client asked for a relative or an absolute URL
const urls = () =>
  fetchMock.mock.calls.map((c) => {
    const u = new URL(String(c[0]), 'http://x');
    return u.pathname + u.search;
  });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const withPerms = (...ps: string[]) =>
  setSession('t', {
    id: 1,
    username: 'canbo',
    role: { id: 1, name: 'r', permissions: ps.map((p) => ({ action: p.split(':')[0], subject: p.split(':')[1] })) },
  });

const users = [
  { id: 7, username: 'mai.tt', full_name: 'Trương Thị Mai' },
  { id: 9, username: 'an.nv', full_name: 'Nguyễn Văn An' },
];

function open() {
  const box = screen.getByRole('combobox');
  fireEvent.mouseDown(box);
  return box;
}

describe('the user filter of the system logs', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string) => {
      const search = new URL(url, 'http://x').searchParams.get('search');
      const entries = search ? users.filter((u) => `${u.full_name} ${u.username}`.toLowerCase().includes(search.toLowerCase())) : users;
      return json({ code: 200, message: '', data: { entries, pagination: { page: 1, limit: 20, total: entries.length, total_pages: 1 } } });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });

  it('labels a user by name and username', () => {
    expect(userLabel({ id: 1, full_name: 'Trương Thị Mai', username: 'mai.tt' })).toBe('Trương Thị Mai (mai.tt)');
    expect(userLabel({ id: 1, full_name: '', username: 'mai.tt' })).toBe('mai.tt');
    expect(userLabel({ id: 3 })).toBe('#3');
  });

  it('with list:users, searches the users on the server by name and gives the id', async () => {
    withPerms('list:system_logs', 'list:users');
    const onChange = vi.fn();
    render(<ActorPicker onChange={onChange} />);
    const box = open();
    await waitFor(() => expect(urls().some((u) => u.startsWith('/api/admin/users?'))).toBe(true));
    fireEvent.change(box, { target: { value: 'Mai' } });
    await waitFor(() => expect(urls().some((u) => u.includes('search=Mai'))).toBe(true), { timeout: 3000 });
    const option = await screen.findByText('Trương Thị Mai (mai.tt)');
    await waitFor(() => expect(screen.queryByText('Nguyễn Văn An (an.nv)')).toBeNull());
    act(() => fireEvent.click(option));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('a user restored from the URL shows by name, not by number', async () => {
    withPerms('list:system_logs', 'list:users');
    render(<ActorPicker value={9} />);
    await waitFor(() => expect(urls().some((u) => u.includes('ids=9'))).toBe(true));
    expect(await screen.findByText('Nguyễn Văn An (an.nv)')).toBeTruthy();
  });

  it('without list:users never calls the users list; offers the actors of the rows shown', async () => {
    withPerms('list:system_logs');
    const onChange = vi.fn();
    render(
      <ActorPicker
        onChange={onChange}
        seen={[
          { id: 7, username: 'mai.tt' },
          { id: 1, username: 'admin' },
          { id: 7, username: 'mai.tt' },
        ]}
      />,
    );
    const box = open();
    fireEvent.change(box, { target: { value: 'mai' } });
    const option = await screen.findByText('mai.tt');
    act(() => fireEvent.click(option));
    expect(onChange).toHaveBeenCalledWith(7);
    expect(urls().filter((u) => u.includes('/api/admin/users'))).toEqual([]);
  });
});
