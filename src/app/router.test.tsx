// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addNavigationGuard, Link, navigate, setSearchParams, useLocation } from './router';

function Where() {
  const { pathname, search } = useLocation();
  return <p>{`${pathname}|${search.toString()}`}</p>;
}

const removers: (() => void)[] = [];
const guard = (answer: boolean | Promise<boolean>) => {
  let asked = 0;
  removers.push(
    addNavigationGuard(() => {
      asked++;
      return answer;
    }),
  );
  return () => asked;
};

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  removers.splice(0).forEach((remove) => remove());
  cleanup();
});

describe('navigate', () => {
  it('goes at once without guards, and the location re-renders', async () => {
    render(<Where />);
    await act(async () => expect(await navigate('/inbox?tag=vip')).toBe(true));
    expect(window.location.pathname).toBe('/inbox');
    expect(screen.getByText('/inbox|tag=vip')).toBeTruthy();
  });

  it('stays when a guard says no, and goes when it agrees later', async () => {
    const asked = guard(false);
    expect(await navigate('/webhooks')).toBe(false);
    expect(window.location.pathname).toBe('/');
    expect(asked()).toBe(1);
    removers.splice(0).forEach((remove) => remove());
    guard(Promise.resolve(true));
    expect(await navigate('/webhooks')).toBe(true);
    expect(window.location.pathname).toBe('/webhooks');
  });

  it('asks nothing for the address it is already at', async () => {
    const asked = guard(false);
    expect(await navigate('/')).toBe(true);
    expect(asked()).toBe(0);
  });

  it('replaces the history entry when asked to', async () => {
    const before = window.history.length;
    await navigate('/inbox', { replace: true });
    expect(window.history.length).toBe(before);
  });
});

describe('Link', () => {
  it('navigates inside the app on a plain click, and leaves modified clicks to the browser', async () => {
    render(
      <>
        <Link to="/inspiration">Inspiration</Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Inspiration' });
    expect(link.getAttribute('href')).toBe('/inspiration');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true); // not prevented: a new tab
    expect(window.location.pathname).toBe('/');
    await act(async () => void fireEvent.click(link));
    expect(window.location.pathname).toBe('/inspiration');
    expect(screen.getByText('/inspiration|')).toBeTruthy();
  });
});

describe('setSearchParams', () => {
  it('sets and removes query parameters without a new history entry, unless asked', () => {
    render(<Where />);
    const before = window.history.length;
    act(() => setSearchParams({ tag: 'vip', search: 'ada' }));
    expect(screen.getByText('/|tag=vip&search=ada')).toBeTruthy();
    act(() => setSearchParams({ tag: null, search: '' }));
    expect(screen.getByText('/|')).toBeTruthy();
    expect(window.history.length).toBe(before);
    act(() => setSearchParams({ tag: 'x' }, { push: true }));
    expect(window.history.length).toBe(before + 1);
  });
});
