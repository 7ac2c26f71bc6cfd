import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toast, messageDuration } from '#client/components/feedback/toast'

/** Every client source file. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : []
  })

describe('message duration (SPEC §9)', () => {
  afterEach(() => {
    Toast.clear()
    vi.restoreAllMocks()
  })

  it('shows a toast without its own duration for 3000 ms', () => {
    const timeout = vi.spyOn(window, 'setTimeout')
    Toast.show({ content: 'saved' })
    expect(messageDuration).toBe(3000)
    expect(timeout.mock.calls.map((c) => c[1])).toContain(3000)
    expect(timeout.mock.calls.map((c) => c[1])).not.toContain(2000)
  })

  it('shows every toast of the client through the configured Toast with no other duration', () => {
    const offenders: string[] = []
    for (const file of sources('src/client')) {
      const text = readFileSync(file, 'utf8')
      if (file.endsWith(join('feedback', 'toast.ts'))) continue
      if (/\bToast\b[^\n]*from 'antd-mobile'|import\('antd-mobile'\)\.then\(\(\{ Toast/.test(text))
        offenders.push(`${file}: antd-mobile Toast`)
      offenders.push(...durationOffenders(file, text))
    }
    expect(offenders).toEqual([])
  })

  it('finds a duration however it is written: a constant, a shorthand, an expression, a spread, a config', () => {
    const src = (body: string) => durationOffenders('x.tsx', body)
    expect(
      src("const messageDuration = 2000\nToast.show({ content: 'a', duration: messageDuration })"),
    ).toEqual(['x.tsx: duration messageDuration = 2000'])
    expect(src("const duration = 1500\nToast.show({ content: 'a', duration })")).toEqual([
      'x.tsx: duration duration = 1500',
    ])
    expect(src("Toast.show({ content: 'a', duration: slow ? 5000 : 3000 })")).toEqual([
      'x.tsx: duration slow ? 5000 : 3000',
    ])
    expect(src("Toast.show({ ...options, content: 'a' })")).toEqual([
      'x.tsx: Toast.show with a spread',
    ])
    expect(src('Toast.show(options)')).toEqual(['x.tsx: Toast.show(options)'])
    expect(src('Toast.config({ duration: 1000 })')).toEqual(['x.tsx: Toast.config'])
    expect(src("showSmallToast('a', 2000)")).toEqual(["x.tsx: showSmallToast('a', 2000)"])
    expect(
      src(
        "import { messageDuration } from '#client/components/feedback/toast'\nconst ms = 3000\nToast.show({ content: 'a', duration: ms })\nToast.show({ content: 'b', duration: messageDuration })\nToast.show({ content: 'c', duration: 0 })\nToast.show('d')\nshowSmallToast('e')",
      ),
    ).toEqual([])
  })
})

/**
 * What a duration expression comes to: a number literal, a constant of the file, or a constant
 * imported from another client file (followed a few imports deep); 'toast' for the toast
 * module's own `messageDuration`; the expression itself when it is none of these.
 */
function valueOf(file: string, text: string, value: string, depth: number): string {
  if (/^\d+$/.test(value) || depth === 0 || !/^\w+$/.test(value)) return value
  const local = new RegExp(`\\bconst ${value} = ([^\\n;]+)`).exec(text)
  if (local) return valueOf(file, text, local[1]!.trim(), depth - 1)
  const imported = new RegExp(`import \\{[^}]*\\b${value}\\b[^}]*\\} from '([^']+)'`).exec(text)
  if (!imported) return value
  const from = imported[1]!
  if (/feedback\/toast(\.ts)?$/.test(from)) return value === 'messageDuration' ? 'toast' : value
  const path = from.startsWith('#client/')
    ? join('src/client', from.slice('#client/'.length))
    : from.startsWith('.')
      ? join(dirname(file), from)
      : ''
  const target = [path, `${path}.ts`, `${path}.tsx`].find(
    (p) => p && existsSync(p) && statSync(p).isFile(),
  )
  return target ? valueOf(target, readFileSync(target, 'utf8'), value, depth - 1) : value
}

/** The text between a call's opening parenthesis at `open` and its matching close. */
function argumentOf(text: string, open: number): string {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(' || text[i] === '{' || text[i] === '[') depth++
    else if (text[i] === ')' || text[i] === '}' || text[i] === ']') depth--
    if (depth === 0) return text.slice(open + 1, i)
  }
  return text.slice(open + 1)
}

/**
 * Every way a file could show a toast for another time than 3000 ms (0 keeps it until closed):
 * a `duration` of a `Toast.show` call that is not 3000, 0, `messageDuration` imported from the
 * toast module, or a constant of this file set to 3000 or 0; an argument that is not an object
 * literal or a text, or spreads another object; `Toast.config` outside the toast module; a second
 * argument of `showSmallToast` other than 3000.
 */
function durationOffenders(file: string, text: string): string[] {
  const out: string[] = []
  const constants = new Map<string, string>()
  for (const m of text.matchAll(/\bconst (\w+) = ([^\n;]+)/g)) constants.set(m[1]!, m[2]!.trim())
  const fine = (value: string) => ['3000', '0', 'toast'].includes(valueOf(file, text, value, 3))
  for (const m of text.matchAll(/\bToast\.show\(/g)) {
    const arg = argumentOf(text, m.index + m[0].length - 1).trim()
    if (/^['"`]/.test(arg) || /^t`/.test(arg)) continue
    if (!arg.startsWith('{')) {
      out.push(`${file}: Toast.show(${arg})`)
      continue
    }
    if (/\.\.\./.test(arg)) out.push(`${file}: Toast.show with a spread`)
    const prop = /\bduration\s*(?::\s*([^,}\n]+?)\s*(?:,|\}|\n|$)|(?=\s*[,}\n]))/.exec(arg)
    if (!prop) continue
    const value = (prop[1] ?? 'duration').trim()
    if (!fine(value))
      out.push(
        `${file}: duration ${value}${constants.has(value) ? ` = ${constants.get(value)}` : ''}`,
      )
  }
  if (/\bToast\.config\(/.test(text)) out.push(`${file}: Toast.config`)
  for (const m of text.matchAll(/(?<!function )\bshowSmallToast\(/g)) {
    const call = argumentOf(text, m.index + m[0].length - 1)
    const args = call.split(/,(?![^(]*\))/)
    if (args.length > 1 && args[1]!.trim() !== '3000' && args[1]!.trim() !== '')
      out.push(`${file}: showSmallToast(${call})`)
  }
  return out
}
