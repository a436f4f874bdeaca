import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = path.dirname(new URL(import.meta.url).pathname);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** text the server may send compressed; index.html is left out: the server adds run-time settings to it and compresses the result itself */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside each built text file of 1 KB or
 * more, once at build, so the server sends them without compressing anything per request (its
 * static files' preCompressed option, apps/api/src/core/web.ts). Either is left out where it would
 * not be smaller than the file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nns-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name) && !e.parentPath.includes(`${path.sep}.vite`))
        .map((e) => path.join(e.parentPath, e.name));
      // the codecs run on libuv's thread pool: all files at once use every core
      await Promise.all(
        files.map(async (file) => {
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            gzip(body, { level: 9 }),
          ]);
          if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_PROXY ?? 'http://localhost:3000', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: path.join(root, 'dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // keep the heavy libraries in their own long-cached chunks; the admin screens stay in lazy chunks
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/]leaflet[\\/]/.test(id)) return 'leaflet';
          return undefined;
        },
      },
    },
  },
});
