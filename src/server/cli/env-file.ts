import fs from 'node:fs'

/**
 * The settings file of the service (`/etc/forgeline/forgeline.env`, the unit's
 * `EnvironmentFile=`) read the way systemd reads it, never through a shell: `KEY=VALUE` lines,
 * `#` and `;` comment lines, a value 'single-quoted' (literal) or "double-quoted" (`\"`, `\\`,
 * `` \` `` and `\$` unescaped) or bare (leading and trailing blanks dropped, `\x` is x, a `\`
 * at the end of a line continues it). `&`, `?`, `$` and spaces inside a value are plain
 * characters, so a `DATABASE_URL=...?sslmode=verify-full&sslrootcert=...` reaches the command
 * exactly as the service sees it. A line that is not an assignment is ignored with a warning,
 * as systemd does.
 */
export function parseEnvFile(text: string, warn: (line: string) => void = () => {}) {
  const out: Record<string, string> = {}
  const s = text.replace(/\r\n/g, '\n')
  let i = 0
  const blank = (c: string | undefined) => c === ' ' || c === '\t'
  while (i < s.length) {
    while (blank(s[i])) i++
    if (s[i] === '\n') {
      i++
      continue
    }
    if (s[i] === '#' || s[i] === ';') {
      while (i < s.length && s[i] !== '\n') i += s[i] === '\\' ? 2 : 1
      continue
    }
    let key = ''
    while (i < s.length && s[i] !== '=' && s[i] !== '\n') key += s[i++]
    key = key.trimEnd()
    if (s[i] !== '=') {
      if (key) warn(`ignored a line without "=": ${key}`)
      continue
    }
    i++
    while (blank(s[i])) i++
    let value = ''
    // bare text (trailing blanks dropped) after quoted parts
    let bare = ''
    const flushBare = () => {
      value += bare.replace(/[ \t]+$/, '')
      bare = ''
    }
    while (i < s.length && s[i] !== '\n') {
      const c = s[i]!
      if (c === "'" && bare === '') {
        const end = s.indexOf("'", i + 1)
        value += s.slice(i + 1, end < 0 ? s.length : end)
        i = end < 0 ? s.length : end + 1
        while (blank(s[i])) i++
      } else if (c === '"' && bare === '') {
        i++
        while (i < s.length && s[i] !== '"') {
          if (s[i] === '\\' && i + 1 < s.length) {
            const next = s[i + 1]!
            if ('"\\`$'.includes(next)) value += next
            else if (next !== '\n') value += `\\${next}`
            i += 2
          } else value += s[i++]
        }
        i++
        while (blank(s[i])) i++
      } else if (c === '\\') {
        const next = s[i + 1]
        if (next !== undefined && next !== '\n') bare += next
        i += 2
      } else {
        bare += c
        i++
      }
    }
    flushBare()
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) out[key] = value
    else warn(`ignored an invalid variable name: ${key}`)
  }
  return out
}

export class EnvFileError extends Error {}

/**
 * The environment a command runs with: this process's, then `--env-file`'s settings over it
 * (as the unit's `EnvironmentFile=` overrides its `Environment=` lines). Also makes every file
 * the command creates private (umask 077: a restored database, a -wal, a backup).
 */
export function commandEnvironment(
  envFile: string | undefined,
): Record<string, string | undefined> {
  process.umask(0o077)
  if (!envFile) return process.env
  let text: string
  try {
    text = fs.readFileSync(envFile, 'utf8')
  } catch (e) {
    throw new EnvFileError(
      `The settings file ${envFile} cannot be read (${(e as NodeJS.ErrnoException).code}); run the command as root or as the service user`,
    )
  }
  const parsed = parseEnvFile(text, (w) => console.error(`${envFile}: ${w}`))
  return { ...process.env, ...parsed }
}
