import fs from 'node:fs'
import path from 'node:path'

export const lockFileName = 'forgeline.lock'

export class LockedError extends Error {
  constructor(readonly pid: number, readonly file: string) {
    super(`Another Forgeline process (pid ${pid}) is using ${file}; stop it or choose another DATA_DIR`)
    this.name = 'LockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the DATA_DIR lock so only one process opens the embedded database.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function acquireLock(dataDir: string): () => void {
  const file = path.join(dataDir, lockFileName)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx')
      fs.writeSync(fd, String(process.pid))
      fs.closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file)
        } catch {
          /* already gone */
        }
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10)
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new LockedError(pid, dataDir)
      }
      fs.unlinkSync(file)
    }
  }
  throw new LockedError(0, dataDir)
}
