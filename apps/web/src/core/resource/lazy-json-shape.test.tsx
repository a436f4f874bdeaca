import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyJsonShape } from './lazy-json-shape';

const CertInput = ({ value, id }: { value?: unknown; id?: string }) => <input id={id} readOnly value={String(value)} aria-label="Chứng nhận" />;
const CertView = ({ value }: { value: unknown }) => <span>xem: {String(value)}</span>;

describe('lazyJsonShape', () => {
  it("fetches the editors on first use, says 'Đang tải...' meanwhile, and passes the props through", async () => {
    let release!: () => void;
    const load = vi.fn(
      () =>
        new Promise<Parameters<typeof lazyJsonShape>[0] extends () => Promise<infer W> ? W : never>((resolve) => {
          release = () => resolve({ Input: CertInput, View: CertView });
        }),
    );
    const shape = lazyJsonShape(load);
    // the value a Form.Item would hand it
    const Input = shape.Input as ComponentType<{ value?: unknown; id?: string }>;
    expect(load).not.toHaveBeenCalled();
    render(
      <>
        <Input value="VietGAP" id="certs" />
        <shape.View value="GlobalGAP" />
      </>,
    );
    expect(screen.getAllByText('Đang tải...')).toHaveLength(2);
    release();
    expect(((await screen.findByLabelText('Chứng nhận')) as HTMLInputElement).value).toBe('VietGAP');
    expect(await screen.findByText('xem: GlobalGAP')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
