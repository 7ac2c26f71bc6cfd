// Compiles the API server (src/server + src/shared) into one ES module, dist-server/main.js,
// with esbuild (installed with tsx and vite). Packages stay in node_modules; `npm start` runs
// it with plain `node`: one process, no TypeScript loader.
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: 'dist-server/main.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer()
