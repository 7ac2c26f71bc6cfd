import { parseArgs } from 'node:util'
import { ConfigError, loadConfig, redactSecrets } from '../config.ts'
import { ResetRefused, resetPassword } from '../maintenance/reset-password.ts'
import { generatePassword } from '../modules/auth/passwords.ts'
import { commandEnvironment, EnvFileError } from './env-file.ts'

/*
 * `node scripts/server-cli.mjs reset-password [--env-file FILE] <login> [--password <new> | --stdin]`
 * (`npm run reset-password -- ...` in a checkout; README "Run it"): sets a new password on the
 * database the server is configured with (DATA_DIR or DATABASE_URL, from --env-file, the
 * service's settings file read as systemd reads it, or the environment). Without --password or --stdin a password is generated and
 * printed. The account must change it at its next sign-in. Exit codes: 0 done, 1 refused, 2 usage.
 */

const usage =
  'Usage: node scripts/server-cli.mjs reset-password [--env-file /etc/forgeline/forgeline.env] <login> [--password <new password> | --stdin]'

async function readStdin(): Promise<string> {
  let text = ''
  for await (const chunk of process.stdin) text += String(chunk)
  return text.split(/\r?\n/)[0] ?? ''
}

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        stdin: { type: 'boolean' },
        'env-file': { type: 'string' },
      },
    })
  } catch (e) {
    console.error(`${(e as Error).message}\n${usage}`)
    return 2
  }
  const [login, ...extra] = args.positionals
  if (!login || extra.length > 0 || (args.values.password !== undefined && args.values.stdin)) {
    console.error(usage)
    return 2
  }
  const given = args.values.stdin ? await readStdin() : args.values.password
  const password = given ?? generatePassword()
  try {
    await resetPassword(loadConfig(commandEnvironment(args.values['env-file'])), login, password)
  } catch (e) {
    if (e instanceof ResetRefused) {
      console.error(e.message)
      return e.exitCode
    }
    if (e instanceof ConfigError || e instanceof EnvFileError) {
      console.error(e.message)
      return 1
    }
    console.error(redactSecrets(`The password could not be reset: ${(e as Error).message}`))
    return 1
  }
  if (given === undefined) console.log(`New password for ${login}: ${password}`)
  else console.log(`The password of ${login} was changed.`)
  console.log(`${login} must choose a new password at the next sign-in; their sessions have ended.`)
  return 0
}

process.exitCode = await main()
