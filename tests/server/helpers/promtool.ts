import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Prometheus's own checker (Debian's `prometheus` package, which CI installs): a runner of
 * `promtool <args>` with `input` on stdin, or null when promtool is not on this machine.
 */
export function promtool():
  ((args: string[], input?: string) => { status: number | null; output: string }) | null {
  const dirs = ['/usr/bin', ...(process.env.PATH ?? '').split(path.delimiter)]
  const bin = dirs.map((d) => path.join(d, 'promtool')).find((p) => fs.existsSync(p))
  if (!bin) return null
  return (args, input) => {
    const r = spawnSync(bin, args, { input, encoding: 'utf8', timeout: 60_000 })
    return { status: r.status, output: `${r.stdout}${r.stderr}` }
  }
}

/**
 * The naming rules `promtool check metrics` applies that matter here, checked without it: every
 * family has HELP and TYPE, a counter ends in `_total`, nothing else does.
 */
export function checkExposition(text: string): string[] {
  const problems: string[] = []
  const help = new Set<string>()
  const types = new Map<string, string>()
  for (const line of text.split('\n')) {
    const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line)
    if (!m) continue
    if (m[1] === 'HELP') help.add(m[2]!)
    else types.set(m[2]!, m[3]!)
  }
  for (const [name, type] of types) {
    if (!help.has(name)) problems.push(`${name}: no HELP`)
    if (type === 'counter' && !name.endsWith('_total'))
      problems.push(`${name}: counter without _total`)
    if (type !== 'counter' && name.endsWith('_total'))
      problems.push(`${name}: ${type} named like a counter`)
  }
  return problems
}
