import { resolve } from 'node:path';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compiledCatalogues } from './src/lib/translation/vite-plugin.ts';
import { shellChunk } from './src/app/shell-chunk.ts';
import { IN_MEMORY_OUT_DIR, inMemoryBuild, inMemoryFiles } from './src/in-memory/vite-plugin.ts';

const shell = shellChunk(/[\\/]apps[\\/]web[\\/]index\.html$/);

export default defineConfig({
  plugins: [
    react(),
    compiledCatalogues(),
    // React Aria's own words (a combo box's announcements...) in English and French only, not
    // its 34 languages (ADR 0031).
    optimizeLocales.vite({ locales: ['en', 'fr'] }),
    inMemoryFiles(),
    shell.plugin,
  ],
  build: {
    target: 'es2022',
    // The in-memory mode (VITE_IN_MEMORY_API=true, ADR 0028) builds beside the normal build.
    ...(inMemoryBuild && { outDir: IN_MEMORY_OUT_DIR }),
    manifest: true,
    modulePreload: {
      // Every browser the portal supports preloads modules itself (ADR 0031).
      polyfill: false,
      // A lazy route's chunks are not announced with one <link rel=modulepreload> each: adding
      // some thirty links as the router starts was one long task of 200 ms on Lighthouse's
      // phone, and the browser finds the same chunks from the route's own imports. Stylesheets
      // still load with their chunk (ADR 0031: the profile step's TBT and LCP).
      resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')),
    },
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        notFoundFrame: resolve(import.meta.dirname, 'not-found-frame.html'),
      },
      output: {
        // zod serves only the forms: keep it in a chunk of its own, or the bundler merges it with
        // the domain enumerations the landing route needs.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'shell', test: shell.isShellModule, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/service': 'http://127.0.0.1:8080',
      '/security': 'http://127.0.0.1:8080',
      '/sandbox': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
    },
  },
});
