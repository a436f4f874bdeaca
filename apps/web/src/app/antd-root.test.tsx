import { act, render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdRoot } from './antd-root';

/** A system setting the test turns on and off, heard by the listeners the page added. */
function fakeReducedMotion(initially: boolean) {
  const original = window.matchMedia;
  const listeners = new Set<() => void>();
  const state = { matches: initially };
  window.matchMedia = ((q: string) => ({
    get matches() {
      return q === '(prefers-reduced-motion: reduce)' && state.matches;
    },
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(on: boolean) {
      state.matches = on;
      for (const f of listeners) f();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

function Motion() {
  const { token } = antdTheme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

/** Renders a probe under AntdRoot; the result reads antd's motion token as the probe sees it now. */
function renderMotion() {
  render(
    <AntdRoot>
      <Motion />
    </AntdRoot>,
  );
  return () => screen.getByTestId('motion').textContent;
}

describe('AntdRoot follows the system setting to reduce motion (WCAG 2.3.3)', () => {
  let setting: ReturnType<typeof fakeReducedMotion> | undefined;
  afterEach(() => setting?.restore());

  it('leaves antd’s motions out while the setting is on, and brings them back when it is turned off', () => {
    setting = fakeReducedMotion(true);
    const motion = renderMotion();
    expect(motion()).toBe('false');
    act(() => setting?.set(false));
    expect(motion()).toBe('true');
    act(() => setting?.set(true));
    expect(motion()).toBe('false');
  });

  it('keeps them by default', () => {
    setting = fakeReducedMotion(false);
    expect(renderMotion()()).toBe('true');
  });
});
