// Compiles the API server (src/server + src/shared) and the packages it uses into one ES module,
// dist-server/main.js, with esbuild (installed with tsx and vite); `npm start` runs it with
// plain `node`: one process, no TypeScript loader. One file starts faster and smaller than
// thousands of package modules (module resolution was about a third of start-up). Native
// addons (better-sqlite3, sharp), exceljs and the .xls reader @e965/xlsx (loaded on first use) stay in node_modules.
// The spreadsheet parse worker (a worker thread of its own, started per import) is a second
// entry: dist-server/parse-worker.js, beside main.js where the server looks for it.
// The operator commands are entries too, so production needs no TypeScript loader:
// dist-server/reset-password.js, backup.js and restore.js (scripts/server-cli.mjs runs them).
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'parse-worker': 'src/server/modules/grid-excel/parse-worker.ts',
      'parse-supervisor': 'src/server/modules/grid-excel/parse-supervisor.ts',
      'reset-password': 'src/server/cli/reset-password.ts',
      backup: 'src/server/cli/backup.ts',
      restore: 'src/server/cli/restore.ts',
    },
    outdir: 'dist-server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // esbuild: only the TypeScript sources compile the parse worker with it (worker-entry.ts)
    external: ['better-sqlite3', 'sharp', 'exceljs', '@e965/xlsx', 'pg-native', 'esbuild'],
    // bundled CommonJS packages call require() for Node's built-in modules
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
  })
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer()
