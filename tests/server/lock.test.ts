import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireLock, LockedError, lockFileName } from '#server/db/lock'

const dirs: string[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-lock-'))
  dirs.push(d)
  return d
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('DATA_DIR lock', () => {
  it('refuses a second holder while the first process lives', async () => {
    const dir = tempDir()
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
    try {
      fs.writeFileSync(path.join(dir, lockFileName), String(child.pid))
      expect(() => acquireLock(dir)).toThrow(LockedError)
    } finally {
      child.kill()
    }
  })

  it('takes over a lock left by a process that is gone, and releases it', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, lockFileName), '999999999')
    const release = acquireLock(dir)
    expect(fs.readFileSync(path.join(dir, lockFileName), 'utf8')).toBe(String(process.pid))
    release()
    expect(fs.existsSync(path.join(dir, lockFileName))).toBe(false)
  })
})
