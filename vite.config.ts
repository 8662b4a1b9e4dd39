import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite-precompress';
import { pagePreloads } from './vite-page-preloads';

const FEATURE_DOOR = /\/src\/client\/features\/[^/]+\/index\.ts$/;

/** The server's renderer of public pages (src/client/entry-server.tsx), built by `vite build --ssr`. */
export const SERVER_RENDER_ENTRY = 'entry-server.tsx';

const alias = { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) };

/**
 * The service worker, dist/client/sw.js from src/client/sw.ts (docs/PRODUCT.md#installable-app-and-push):
 * vite-plugin-pwa builds it and writes into it the list of files it keeps: the hashed code and styles, the
 * icons. Never an HTML page: pages are the server's, partly per person, and always come from the network.
 * The manifest is public/manifest.webmanifest and the app registers the worker itself (lib/service-worker.ts).
 */
const serviceWorker = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: { globPatterns: ['assets/**/*.{js,css}', 'icons/*.png', 'favicon.svg'] },
  });

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root: 'src/client',
        publicDir: false,
        plugins: [react()],
        resolve: { alias },
        // The renderer carries its libraries, React's production build among them: left external, React
        // would pick its development build (several times slower) whenever NODE_ENV is not 'production'.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          ssr: true,
          sourcemap: true,
          copyPublicDir: false,
          rolldownOptions: { input: SERVER_RENDER_ENTRY, output: { codeSplitting: false } },
        },
      }
    : {
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), pagePreloads(), precompress(), serviceWorker()],
  resolve: { alias },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      // Small modules shared by pages (an icon, a card) are copied into each page's chunk rather than
      // split into chunks of their own: a page was 30 requests, one after another on a phone's network.
      preserveEntrySignatures: false,
      // A feature's door (src/client/features/<name>/index.ts) only re-exports. Declared free of side
      // effects, a page that takes one name from it gets that name's module; otherwise a door the main
      // bundle imports drew modules only a page uses into the main bundle.
      treeshake: { moduleSideEffects: (id: string) => (FEATURE_DOOR.test(id) ? false : undefined) },
      output: {
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8000 } },
        // V8's explicit compile hint: compile every function of the chunk while it streams in, on a
        // background thread, instead of each on its first call on the main thread during the first
        // render. Lighthouse mobile on the booking forms, alternated 6 rounds: blocking time 96-321 ms
        // against 299-612 ms, performance 83-92 against 78-86; other pages unchanged.
        postBanner: '//# allFunctionsCalledOnLoad\n',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
      '/readyz': 'http://127.0.0.1:3000',
    },
  },
});