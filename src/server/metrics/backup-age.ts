import fs from 'node:fs/promises'
import path from 'node:path'
import { Gauge, type Registry } from 'prom-client'

/**
 * When the newest backup in a folder was written, in Unix seconds: the latest modification
 * time of its complete backup files (`npm run backup` archives, `pg_dump` files; a `.partial`
 * file is still being written, dot files are not backups). 0 when the folder holds none or
 * cannot be read, so an alert on the backup's age fires then too.
 */
export async function newestBackupSeconds(dir: string): Promise<number> {
  let newest = 0
  let entries
  try {
    entries = await fs.readdir(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const e of entries) {
    if (!e.isFile() || e.name.startsWith('.') || e.name.endsWith('.partial')) continue
    const stat = await fs.stat(path.join(dir, e.name)).catch(() => null)
    if (stat && stat.size > 0) newest = Math.max(newest, stat.mtimeMs / 1000)
  }
  return Math.floor(newest)
}

/** `forgeline_last_backup_timestamp_seconds`, read from BACKUP_DIR at each scrape. */
export function backupAgeGauge(registry: Registry, dir: string) {
  return new Gauge({
    name: 'forgeline_last_backup_timestamp_seconds',
    help: 'When the newest complete backup file in BACKUP_DIR was written (Unix seconds; 0: none)',
    registers: [registry],
    async collect() {
      this.set(await newestBackupSeconds(dir))
    },
  })
}
