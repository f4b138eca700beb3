// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('drawing failed');
  return <p>Drawn</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('shows the fallback instead of a blank page, tells onError once, and draws again on retry', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const onError = vi.fn();
    render(
      <ErrorBoundary
        onError={onError}
        fallback={(retry) => (
          <button type="button" onClick={retry}>
            Try again
          </button>
        )}
      >
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]![0] as Error).message).toBe('drawing failed');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Drawn')).toBeTruthy();
  });

  it('draws its children when nothing fails', () => {
    broken = false;
    render(
      <ErrorBoundary fallback={() => <p>Fallback</p>}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Drawn')).toBeTruthy();
    expect(screen.queryByText('Fallback')).toBeNull();
  });
});
