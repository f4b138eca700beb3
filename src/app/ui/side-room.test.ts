// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giveRoomBack, givesWayNow, takeRoom } from './side-room';

let width = 1024;
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({ matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0), media: query }) as MediaQueryList;
});
afterEach(() => {
  for (const panel of ['steps', 'dock', 'power', 'run'] as const) giveRoomBack(panel);
  width = 1024;
});

describe('side panels taking turns on a crowded screen', () => {
  it('the panel opened last keeps the room; the others give way', () => {
    takeRoom('dock');
    takeRoom('run');
    expect(givesWayNow('dock')).toBe(true);
    expect(givesWayNow('run')).toBe(false);
    // The dock opened again takes it back: the run keeps its rail.
    takeRoom('dock');
    expect(givesWayNow('dock')).toBe(false);
    expect(givesWayNow('run')).toBe(true);
  });

  it('a panel closed gives the room back to the one before', () => {
    takeRoom('run');
    takeRoom('power');
    expect(givesWayNow('run')).toBe(true);
    giveRoomBack('power');
    expect(givesWayNow('run')).toBe(false);
  });

  it('no panel gives way on a wide screen, nor before any took the room', () => {
    expect(givesWayNow('dock')).toBe(false);
    width = 1440;
    takeRoom('dock');
    takeRoom('run');
    expect(givesWayNow('dock')).toBe(false);
  });
});
