import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.ts'
import { LockedError } from '../db/lock.ts'
import { RestoreRefused, restoreDataDir } from '../maintenance/restore.ts'

/*
 * `npm run restore -- <file> [--force]` (docs/operations.md "Backups"): puts a backup made by
 * `npm run backup` into DATA_DIR (from the environment, like `npm start`), which must be empty
 * or missing; --force replaces the database and files of a non-empty one. Stop the server first
 * (a running server's DATA_DIR is refused). Exit codes: 0 done, 1 refused or failed, 2 usage.
 */

const usage = 'Usage: npm run restore -- <file.tar.gz> [--force]'

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } })
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`)
    return 2
  }
  const [file, ...extra] = args.positionals
  if (!file || extra.length > 0) {
    console.error(usage)
    return 2
  }
  try {
    const config = loadConfig()
    const manifest = await restoreDataDir(file, config.dataDir, {
      force: args.values.force === true,
    })
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir}: the database and ${manifest.files.length} files. Start the server with this DATA_DIR.`,
    )
    return 0
  } catch (e) {
    if (e instanceof RestoreRefused || e instanceof ConfigError || e instanceof LockedError) {
      console.error(e.message)
      return 1
    }
    console.error(`The restore failed: ${(e as Error).message}`)
    return 1
  }
}

process.exitCode = await main()
