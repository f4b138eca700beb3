// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TimeZonePicker } from './TimeZonePicker';

function Picker({ start, seen }: { start: string; seen: string[] }) {
  const [zone, setZone] = useState(start);
  return (
    <TimeZonePicker
      id="zone"
      value={zone}
      onChange={(next) => {
        seen.push(next);
        setZone(next);
      }}
    />
  );
}

const options = () => [...(screen.getByRole('combobox') as HTMLSelectElement).options].map((o) => o.textContent);

describe('TimeZonePicker', () => {
  afterEach(cleanup);

  it('names zones as people write them, under their current names', () => {
    render(<Picker start="UTC" seen={[]} />);
    const shown = options();
    expect(shown).toContain('New York (America)');
    expect(shown).toContain('Kolkata (Asia)');
    expect(shown).toContain('Ho Chi Minh (Asia)');
    expect(shown.some((label) => /Calcutta|Saigon|_/.test(label ?? ''))).toBe(false);
  });

  it('finds a zone by its city and chooses it', async () => {
    const seen: string[] = [];
    render(<Picker start="UTC" seen={seen} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a time zone by city' }), 'kolkata');
    expect(seen.at(-1)).toBe('Asia/Kolkata');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('Asia/Kolkata');
    expect(options()).toEqual(['Kolkata (Asia)']);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'new york');
    expect(seen.at(-1)).toBe('America/New_York');
  });

  it('keeps the chosen zone listed while a search finds nothing', async () => {
    render(<Picker start="Europe/Paris" seen={[]} />);
    await userEvent.click(screen.getByRole('searchbox'));
    await userEvent.paste('Atlantis');
    expect(options()).toEqual(['Paris (Europe)']);
  });
});
