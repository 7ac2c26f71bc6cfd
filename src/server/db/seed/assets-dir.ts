import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** URL prefix of the demo pictures; every instance serves them from the package itself. */
export const seedAssetsPrefix = '/uploads/demo/'

/**
 * The demo pictures shipped with the code (read-only): next to this file when running the
 * sources, `../src/server/db/seed/assets` from the compiled server in dist-server/.
 */
export function seedAssetsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const candidates = [
    path.join(here, 'assets'),
    path.join(here, '..', 'src', 'server', 'db', 'seed', 'assets'),
  ]
  return candidates.find((d) => fs.existsSync(d)) ?? candidates[0]!
}
