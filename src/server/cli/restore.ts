import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.ts'
import { LockedError } from '../db/lock.ts'
import { RestoreRefused, restoreDataDir } from '../maintenance/restore.ts'
import {
  ownLikeDataDir,
  restoredFolder,
  serviceOf,
  switchSteps,
} from '../maintenance/restore-switch.ts'
import { commandEnvironment, EnvFileError } from './env-file.ts'

/*
 * `node scripts/server-cli.mjs restore [--env-file FILE] <file> [--into DIR [--force]]`
 * (docs/operations.md "Backups"): puts a backup made by the backup command into a NEW folder
 * beside the service's DATA_DIR (`<DATA_DIR>.restored-<time>`; DATA_DIR from --env-file, the
 * service's settings file, or the environment), owned like DATA_DIR when run as root, 0700 with
 * 0600 files, and prints the exact commands that switch the service over. The running service
 * is not touched. `--into DIR` restores into DIR instead (missing or empty; --force replaces the
 * database and files of a non-empty one, which no server may be using). A damaged archive or
 * database changes nothing. Exit codes: 0 done, 1 refused or failed, 2 usage.
 */

const usage =
  'Usage: node scripts/server-cli.mjs restore [--env-file /etc/forgeline/forgeline.env] <file.tar.gz> [--into <folder> [--force]] [--service <name>]'

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        force: { type: 'boolean' },
        into: { type: 'string' },
        'env-file': { type: 'string' },
        service: { type: 'string' },
      },
    })
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`)
    return 2
  }
  const [file, ...extra] = args.positionals
  if (!file || extra.length > 0 || (args.values.force && !args.values.into)) {
    console.error(usage)
    return 2
  }
  try {
    const envFile = args.values['env-file']
    const config = loadConfig(commandEnvironment(envFile))
    if (config.databaseUrl) {
      console.error(
        'DATABASE_URL is set: the data is in PostgreSQL (uploads included). Restore it with pg_restore; see docs/operations.md "Backups".',
      )
      return 1
    }
    const target = path.resolve(args.values.into ?? restoredFolder(config.dataDir))
    const manifest = await restoreDataDir(file, target, { force: args.values.force === true })
    const owner = ownLikeDataDir(target, config.dataDir)
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${target}: the database and ${manifest.files.length} files (mode 0700, files 0600${owner ? `, owner ${owner} like ${config.dataDir}` : ''}).`,
    )
    if (target !== path.resolve(config.dataDir)) {
      const service = args.values.service ?? serviceOf(envFile)
      for (const line of switchSteps({
        service,
        dataDir: config.dataDir,
        restored: target,
        port: config.port,
      }))
        console.log(line)
    } else console.log('Start the server with this DATA_DIR.')
    return 0
  } catch (e) {
    if (
      e instanceof RestoreRefused ||
      e instanceof ConfigError ||
      e instanceof LockedError ||
      e instanceof EnvFileError
    ) {
      console.error(e.message)
      return 1
    }
    console.error(`The restore failed: ${(e as Error).message}`)
    return 1
  }
}

process.exitCode = await main()
