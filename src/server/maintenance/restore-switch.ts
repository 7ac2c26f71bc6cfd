import fs from 'node:fs'
import path from 'node:path'

/** `20261207-1412`: the time part of a restored folder's name. */
export function stamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`
}

/** A new folder beside DATA_DIR for a restore: `/var/lib/forgeline.restored-20261207-141203`. */
export function restoredFolder(dataDir: string, now = new Date()): string {
  return `${path.resolve(dataDir)}.restored-${stamp(now)}`
}

/**
 * Gives `dir` and everything in it to the owner of DATA_DIR (the service user), when this runs as
 * root and DATA_DIR exists; answers who owns it now (`uid:gid`), or null when nothing changed.
 */
export function ownLikeDataDir(dir: string, dataDir: string): string | null {
  if (process.getuid?.() !== 0 || !fs.existsSync(dataDir)) return null
  const { uid, gid } = fs.statSync(dataDir)
  const walk = (p: string) => {
    fs.lchownSync(p, uid, gid)
    if (fs.lstatSync(p).isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e))
  }
  walk(dir)
  return `${uid}:${gid}`
}

/** The service the settings file belongs to: `/etc/forgeline/forgeline-2.env` is `forgeline-2`. */
export function serviceOf(envFile: string | undefined): string {
  if (!envFile) return 'forgeline'
  return path.basename(envFile).replace(/\.env$/, '') || 'forgeline'
}

/** The exact commands that put the service on the restored folder, and back when it does not start. */
export function switchSteps(opts: {
  service: string
  dataDir: string
  restored: string
  port: number
  now?: Date
}): string[] {
  const dataDir = path.resolve(opts.dataDir)
  const old = `${dataDir}.before-restore-${stamp(opts.now ?? new Date())}`
  return [
    `To put the service ${opts.service} on the restored data (as root):`,
    `  systemctl stop ${opts.service}`,
    `  mv ${dataDir} ${old}`,
    `  mv ${opts.restored} ${dataDir}`,
    `  systemctl start ${opts.service}`,
    `  curl -s http://127.0.0.1:${opts.port}/readyz     # {"code":200,"msg":"ok","data":{"status":"ok",...}}`,
    `To go back: systemctl stop ${opts.service}; mv ${dataDir} ${opts.restored}; mv ${old} ${dataDir}; systemctl start ${opts.service}`,
  ]
}
