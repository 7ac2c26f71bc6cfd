import type { Plugin } from 'vite'
import { parseBasePath } from '../src/shared/base-path.ts'

/**
 * The client build's BASE_PATH (vite `base`): `/` unless set. A value that is not a plain path
 * stops the build with the reason (the server refuses it the same way, src/server/config.ts).
 */
export function buildBasePath(env: Record<string, string | undefined> = process.env): string {
  const parsed = parseBasePath(env.BASE_PATH)
  if (!parsed.ok)
    throw new Error(`Invalid configuration: BASE_PATH ${parsed.reason} (got "${env.BASE_PATH}")`)
  return parsed.value
}

/** The build's output folder: CLIENT_DIR (the folder the server serves), else `dist`. */
export const buildOutDir = (env: Record<string, string | undefined> = process.env) =>
  env.CLIENT_DIR?.trim() || 'dist'

/** Writes `.vite/base-path` into the build: the server compares it with its BASE_PATH (src/server/plugins/static.ts). */
export function basePathRecord(base: string): Plugin {
  return {
    name: 'forgeline-base-path',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/base-path', source: `${base}\n` })
    },
  }
}
