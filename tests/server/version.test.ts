import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { appVersion } from '#server/version'

/*
 * The version comes from package.json at run time, not from npm's environment: under the
 * systemd unit (node without npm) /healthz, the start-up summary and the API document say
 * the release that runs.
 */
const root = path.resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string
}

describe('the version', () => {
  it("is package.json's, whatever npm_package_version says or whether npm ran at all", () => {
    expect(loadConfig({ npm_package_version: '9.9.9' }).version).toBe(pkg.version)
    expect(loadConfig({}).version).toBe(pkg.version)
  })

  it('is found from the compiled server folder too (dist-server/ in a release)', () => {
    expect(appVersion(path.join(root, 'dist-server'))).toBe(pkg.version)
  })

  it('is named in the changelog', () => {
    expect(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(`^## \\[${pkg.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    )
  })
})
