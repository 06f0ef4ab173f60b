/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The console as an installable app that opens with no network (docs/decisions/0016-offline-selling.md):
    // every built file is kept by a service worker; the API never is.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Shop Console',
        short_name: 'Shop',
        description: 'Back office and till for small cafes and shops',
        start_url: '/sale',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#4f46e5',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // Screens, styles, the Khmer font; the emoji font's many pieces load when shown.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'assets/noto-sans-khmer-*.woff2'],
        globIgnores: ['**/noto-emoji-*'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/docs(\/|$)/],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        cleanupOutdatedCaches: true,
      },
    }),
    // A brotli and a gzip copy beside each text file of 1 KiB or more, made once here at the
    // strongest settings; the server sends the one the browser accepts
    // (docs/decisions/0017-speed-on-the-wire-and-under-load.md). Fonts are compressed already.
    compression({
      include: /\.(html|css|js|mjs|svg|json|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks stay cached across
        // releases. Only what the shell needs on every screen is grouped; dialogs, tabs, charts,
        // QR codes and form libraries stay with the lazy screens that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/](i18next|react-i18next|@tanstack[\\/](?:react-query|query-core)|sonner|clsx|tailwind-merge)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The USB and serial printer drivers publish a browser build only (no "node" export); jsdom
    // loads that build, so screens that offer printing on the till's own printer render in tests.
    alias: [
      {
        find: /^@point-of-sale\/(webusb|webserial)-receipt-printer$/,
        replacement: fileURLToPath(new URL('../../node_modules/@point-of-sale/$1-receipt-printer/dist/$1-receipt-printer.esm.js', import.meta.url)),
      },
    ],
    restoreMocks: true,
    // Test files share one module graph per worker; src/test/setup.ts resets what a screen keeps (session, queries,
    // storage, the till's IndexedDB, language) after every test, so the next file starts as clean as a new one.
    // Mock by spying on a module's object (vi.spyOn), not vi.mock, which a shared graph would not honour.
    isolate: false,
    // Vitest's default leaves one core idle; the tests are bound by the CPU (jsdom and React's development build).
    maxWorkers: '100%',
    // Whole flows (sign in, open a screen, fill a form) on a busy machine; see src/test/setup.ts.
    testTimeout: 20_000,
    unstubGlobals: true,
    // Vitest's own race on a loaded machine: a worker closes its channel while a console line or a
    // lazy import of a finished test is still on its way ("Closing rpc while … was pending",
    // vitest-dev/vitest#9458). It says nothing about the console; every other unhandled error still fails the run.
    onUnhandledError: (error) => !/Closing rpc while/.test(`${error.name ?? ''} ${error.message ?? ''}`),
  },
});
