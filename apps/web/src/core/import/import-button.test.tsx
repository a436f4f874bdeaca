import { defineResource, text } from '@nns/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../session', () => ({ useSession: () => ({ can: () => true }) }));
const { ImportButton, registerListImports } = await import('./import-button');

const declared = (name: string, withImport: boolean) =>
  defineResource({
    name,
    subject: 'administrative_areas',
    label: 'Đơn vị',
    area: 'areas',
    fields: { code: text({ label: 'Mã' }) },
    ...(withImport ? { import: { key: 'code' } } : {}),
  });

const show = (def: ReturnType<typeof declared>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportButton def={def} />
    </QueryClientProvider>,
  );

describe('a list’s import buttons', () => {
  afterEach(() => {
    cleanup();
    registerListImports({});
  });

  it('the declared import, then the imports a feature registered for that list only', () => {
    registerListImports({
      units: [{ resource: 'provinces', path: '/import-units', templatePath: '/import-units-template', buttonText: 'Nhập danh mục ĐVHC' }],
    });
    show(declared('units', true));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Nhập Excel', 'Nhập danh mục ĐVHC']);
    cleanup();
    show(declared('others', false));
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
