import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireLock, LockedError, lockFileName } from '#server/db/lock'

const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
const children: ChildProcess[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-lock-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  children.splice(0).forEach((c) => c.kill('SIGKILL'))
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }))
})

/** Another process that takes the lock of `dir` and holds it until killed; resolves once held. */
async function holder(dir: string): Promise<ChildProcess> {
  const script = `import { acquireLock } from ${JSON.stringify(path.join(root, 'src/server/db/lock.ts'))}
acquireLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000)`
  // node itself with tsx's loader (not the tsx wrapper), so the pid is the holder's own
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve())
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)))
  })
  return child
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve())
    child.kill('SIGKILL')
  })

describe('DATA_DIR lock', () => {
  it('refuses a second holder while the first process lives, naming its pid', async () => {
    const dir = tempDir()
    const child = await holder(dir)
    let error: unknown
    try {
      acquireLock(dir)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(LockedError)
    expect((error as LockedError).pid).toBe(child.pid)
    expect((error as Error).message).toContain(`pid ${child.pid}`)
  })

  it('refuses a second holder in the same process', () => {
    const dir = tempDir()
    const release = acquireLock(dir)
    expect(() => acquireLock(dir)).toThrow(LockedError)
    release()
    acquireLock(dir)()
  })

  it('takes over after the holder is killed with SIGKILL, and releases it', async () => {
    const dir = tempDir()
    const child = await holder(dir)
    await killed(child)
    // the dead holder's note is still there
    expect(fs.readFileSync(path.join(dir, lockFileName), 'utf8')).toContain(String(child.pid))
    const release = acquireLock(dir)
    expect(fs.readFileSync(path.join(dir, lockFileName), 'utf8')).toContain(String(process.pid))
    release()
    expect(fs.existsSync(path.join(dir, lockFileName))).toBe(false)
  })

  it('is not stopped by a stale note whose pid now belongs to another live program (after a reboot)', async () => {
    const dir = tempDir()
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'])
    children.push(other)
    fs.writeFileSync(
      path.join(dir, lockFileName),
      `${other.pid}\nstarted 2020-01-01T00:00:00.000Z\n`,
    )
    const release = acquireLock(dir)
    expect(fs.readFileSync(path.join(dir, lockFileName), 'utf8')).toContain(String(process.pid))
    release()
    // pid 1 is always alive
    fs.writeFileSync(path.join(dir, lockFileName), '1\n')
    acquireLock(dir)()
  })
})
