import { z } from 'zod';

// The app runs under a strict Content-Security-Policy (no 'unsafe-eval'): zod's JIT object parser
// probes `new Function` when a schema is built, which the browser reports as a CSP violation. This
// module is the first import of main.tsx, so every schema is built without the probe.
z.config({ jitless: true });
