import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const DEV_API = 'http://127.0.0.1:8787';
const BOOT_SCRIPT = 'src/app/boot/main.ts';

/**
 * The page's first script is its own small entry (src/app/boot: it starts the first view's read
 * while the app's code loads). Written in index.html, Vite would merge it into the app's entry,
 * which runs only once every chunk that entry imports has loaded and run.
 */
function bootScript(): Plugin {
  let building = false;
  return {
    name: 'campaign-studio:boot-script',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: BOOT_SCRIPT, name: 'boot' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.server) return [{ tag: 'script', attrs: { type: 'module', src: `/${BOOT_SCRIPT}` }, injectTo: 'head-prepend' }];
        const built = ctx.bundle && Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.name === 'boot');
        if (built?.type !== 'chunk') throw new Error(`the boot script (${BOOT_SCRIPT}) was not built`);
        // Its imports are asked for with it, not once it has arrived.
        return [built.fileName, ...built.imports].map((file, i) => ({
          tag: i === 0 ? 'script' : 'link',
          attrs:
            i === 0
              ? { type: 'module', crossorigin: true, src: `/${file}` }
              : { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head-prepend' as const,
        }));
      },
    },
  };
}

// The web app lives in src/app; the server serves the build from dist/app.
export default defineConfig({
  plugins: [react(), bootScript()],
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
  // The dev page's origin is this dev server's; the API admits its own origin only (DNS-rebinding guard), so the proxy says it is that.
  server: {
    proxy: Object.fromEntries(['/api', '/mcp', '/healthz'].map((path) => [path, { target: DEV_API, headers: { Origin: DEV_API } }])),
  },
});
