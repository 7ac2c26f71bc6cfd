import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The shipped systemd unit agrees with how the server meets a database that is away: the
 * server waits and retries by itself (never exits for it), so the unit restarts only real
 * crashes, never gives up inside an outage, and still stops a crash loop. systemd cannot run
 * here; `systemd-analyze verify` checks the file's syntax where it is installed.
 */
const unitPath = path.resolve(import.meta.dirname, '../../deploy/forgeline.service')
const text = fs.readFileSync(unitPath, 'utf8')
const setting = (key: string) => {
  const m = new RegExp(`^${key}=(.*)$`, 'm').exec(text)
  return m?.[1]?.trim()
}
const seconds = (v: string | undefined) => {
  const m = /^(\d+)\s*(s|min)?$/.exec(v ?? '')
  if (!m) throw new Error(`not a duration: ${v}`)
  return Number(m[1]) * (m[2] === 'min' ? 60 : 1)
}

describe('deploy/forgeline.service', () => {
  it('restarts crashes only, and gives up on a crash loop only after minutes of it', () => {
    // started means running: waiting for the database never hits a start timeout
    expect(setting('Type')).toBe('exec')
    expect(setting('Restart')).toBe('on-failure')
    const restartSec = seconds(setting('RestartSec'))
    const interval = seconds(setting('StartLimitIntervalSec'))
    const burst = Number(setting('StartLimitBurst'))
    expect(restartSec).toBeGreaterThanOrEqual(5)
    // a crash loop is stopped: `burst` starts fit in the interval
    expect(burst * restartSec).toBeLessThanOrEqual(interval)
    // but only after a minute or more of failing (the old 5 in 60 s at 2 s gave up in 10 s)
    expect((burst - 1) * restartSec).toBeGreaterThanOrEqual(60)
    expect(text).toMatch(/never exits because PostgreSQL is away/)
  })

  it('passes systemd-analyze verify where systemd is installed', () => {
    const which = spawnSync('sh', ['-c', 'command -v systemd-analyze'], { encoding: 'utf8' })
    if (which.status !== 0) return
    const r = spawnSync('systemd-analyze', ['verify', unitPath], { encoding: 'utf8' })
    // a missing /usr/bin/node or user on a build machine is not the unit's fault
    const problems = `${r.stderr}`
      .split('\n')
      .filter((l) => l.trim() && !/Command .* is not executable|No such file|user|group/i.test(l))
    expect(problems).toEqual([])
  })
})
