/**
 * The engine's only source of time (contract 9.3 waits, windows, limits): production reads the
 * system clock, tests pass a `FakeClock` and move it instead of sleeping.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The machine's clock (the server's runs). */
export const systemClock: Clock = { now: () => Date.now() };

export interface FakeClock extends Clock {
  set(ms: number): void;
  advance(ms: number): void;
}

/** A clock that only moves when told to. */
export function fakeClock(startMs: number): FakeClock {
  let at = startMs;
  return {
    now: () => at,
    set: (ms) => {
      at = ms;
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
