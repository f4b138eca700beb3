import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/app; the server serves the build from dist/app.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // zod and the app's zod settings in one chunk, settings right after zod: every chunk that
        // builds a schema imports this one first, so no schema is built before `jitless` is set
        // (zod's JIT probe would be a CSP violation; see src/app/zod-config.ts).
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]app[\\/]zod-config\.ts$/ }] },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/mcp': 'http://127.0.0.1:8787', '/healthz': 'http://127.0.0.1:8787' } },
});
