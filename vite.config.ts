import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/app; the server serves the build from dist/app.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/app', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/api': 'http://127.0.0.1:8787', '/mcp': 'http://127.0.0.1:8787', '/healthz': 'http://127.0.0.1:8787' } },
});
