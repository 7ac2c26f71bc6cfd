import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, redactSecrets } from '../config.ts'
import { BackupRefused, backupDataDir } from '../maintenance/backup.ts'
import { commandEnvironment, EnvFileError } from './env-file.ts'

/*
 * `node scripts/server-cli.mjs backup [--env-file FILE] <file>` (docs/operations.md "Backups";
 * `npm run backup -- <file>` in a checkout): a .tar.gz (mode 0600) of the embedded database
 * (SQLite's online backup API, while the server runs), uploads, the RSA key pair and the other
 * files of DATA_DIR (from --env-file, the service's settings file read as systemd reads it, or
 * the environment). Exit codes: 0 done, 1 refused or failed, 2 usage.
 */

const usage =
  'Usage: node scripts/server-cli.mjs backup [--env-file /etc/forgeline/forgeline.env] <file.tar.gz>'

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({ allowPositionals: true, options: { 'env-file': { type: 'string' } } })
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
    const config = loadConfig(commandEnvironment(args.values['env-file']))
    if (config.databaseUrl) {
      console.error(
        'DATABASE_URL is set: the data is in PostgreSQL (uploads included). Back it up with pg_dump; see docs/operations.md "Backups".',
      )
      return 1
    }
    const started = Date.now()
    const manifest = await backupDataDir(config.dataDir, file)
    console.log(
      `Backup written to ${file}: the database and ${manifest.files.length} files of ${config.dataDir} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    )
    return 0
  } catch (e) {
    if (e instanceof BackupRefused || e instanceof ConfigError || e instanceof EnvFileError) {
      console.error(e.message)
      return 1
    }
    console.error(redactSecrets(`The backup failed: ${(e as Error).message}`))
    return 1
  }
}

process.exitCode = await main()
