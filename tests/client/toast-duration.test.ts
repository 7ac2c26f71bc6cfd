import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toast, messageDuration } from '#client/components/feedback/toast'

/** Every client source file. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : []
  })

describe('message duration (SPEC §9, issue 35)', () => {
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
      for (const m of text.matchAll(/Toast\.show\([^)]*duration: (\d+)/g))
        if (m[1] !== '3000' && m[1] !== '0') offenders.push(`${file}: ${m[1]} ms`)
    }
    expect(offenders).toEqual([])
  })
})
