import { vi } from 'vitest';

/**
 * Runs before every test file (vitest.config.ts `setupFiles`). The projects share one worker across
 * files (`isolate: false`): packages (React, jsdom, zod, PGlite, pg) load once instead of once per
 * file. What a file could leak to the next is reset here instead: our own modules are evaluated
 * afresh (every store, cache and module-level variable starts new, and each file's `vi.mock`s apply),
 * and globals, environment variables, fake timers and the page a jsdom file leaves are put back.
 * vitest itself restores every `vi.spyOn` between files.
 */
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof window !== 'undefined') {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
}
