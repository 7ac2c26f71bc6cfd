import fs from 'node:fs'
import path from 'node:path'
import { ConfigError } from './config.ts'

/**
 * Checks DATA_DIR can be used without writing anything: an existing directory must be
 * readable and writable, a missing one must have a writable parent.
 */
export function checkDataDir(dir: string): void {
  let stat: fs.Stats | undefined
  try {
    stat = fs.statSync(dir)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(
        'DATA_DIR',
        `cannot be read (${dir}: ${(e as NodeJS.ErrnoException).code})`,
      )
    }
  }
  if (stat && !stat.isDirectory()) throw new ConfigError('DATA_DIR', `is not a directory (${dir})`)
  const target = stat ? dir : nearestExisting(dir)
  try {
    fs.accessSync(target, fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK)
  } catch {
    throw new ConfigError('DATA_DIR', `is not readable and writable by this process (${target})`)
  }
}

function nearestExisting(dir: string): string {
  let current = path.dirname(dir)
  while (!fs.existsSync(current) && path.dirname(current) !== current)
    current = path.dirname(current)
  if (!fs.statSync(current).isDirectory())
    throw new ConfigError('DATA_DIR', `is inside a file (${current})`)
  return current
}

/**
 * Creates DATA_DIR (and missing parents) one level at a time; a recursive mkdir can spin
 * forever on special file systems such as /proc.
 */
export function createDataDir(dir: string): void {
  const missing: string[] = []
  let current = dir
  while (!fs.existsSync(current)) {
    missing.unshift(current)
    const parent = path.dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const d of missing) {
    try {
      fs.mkdirSync(d)
    } catch (e) {
      throw new ConfigError(
        'DATA_DIR',
        `cannot be created (${d}: ${(e as NodeJS.ErrnoException).code})`,
      )
    }
  }
}
