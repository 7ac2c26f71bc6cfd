import fs from 'node:fs'
import path from 'node:path'

/**
 * The release this server is: `version` of Forgeline's package.json, read from the file at run
 * time (not from `npm_package_version`, which only `npm start` sets: the systemd unit runs node
 * directly). Found by walking up from this module: src/server/ in a checkout, dist-server/ in a
 * build or a release tarball.
 */
export function appVersion(from: string = import.meta.dirname): string {
  let dir = from
  for (;;) {
    const file = path.join(dir, 'package.json')
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'forgeline' && pkg.version) return pkg.version
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`Forgeline's package.json was not found above ${from}`)
    dir = parent
  }
}
