import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain ES module script without type declarations
import { createBuildProgress } from '../../scripts/build-progress.mjs'

type Progress = {
  module: () => void
  phase: (name: string) => void
  tick: () => void
  other: (chunk: string) => void
  done: (ok?: boolean) => void
}

/** A progress reporter on a fake clock, writing into an array. */
function reporter(isTTY: boolean) {
  let now = 0
  const out: string[] = []
  const p = createBuildProgress({
    write: (t: string) => out.push(t),
    isTTY,
    now: () => now,
    everyMs: 5000,
  }) as Progress
  return { p, out, advance: (ms: number) => (now += ms) }
}

describe('client build progress (npm start on a first start)', () => {
  it('prints modules, phase and time every 5 s to a log, and each phase at once', () => {
    const { p, out, advance } = reporter(false)
    for (let i = 0; i < 120; i++) p.module()
    advance(1000)
    p.tick()
    advance(5000)
    p.tick()
    advance(1000)
    p.tick()
    expect(out).toEqual([
      '  transforming modules: 120 modules, 1 s\n',
      '  transforming modules: 120 modules, 6 s\n',
    ])
    p.phase('rendering chunks')
    advance(3000)
    p.done(true)
    expect(out.slice(2)).toEqual([
      '  rendering chunks: 120 modules, 7 s\n',
      '  built 120 modules in 10 s\n',
    ])
  })

  it('rewrites one line on a terminal and ends it with a newline', () => {
    const { p, out, advance } = reporter(true)
    p.tick()
    expect(out.splice(0)).toEqual(['\r\x1b[2K  loading the build configuration: 0 modules, 0 s'])
    p.module()
    advance(250)
    p.tick()
    p.module()
    advance(250)
    p.tick()
    p.done(false)
    expect(out).toEqual([
      '\r\x1b[2K  transforming modules: 1 modules, 0 s',
      '\r\x1b[2K  transforming modules: 2 modules, 1 s',
      '\r\x1b[2K  the build failed after 1 s\n',
    ])
  })

  it('on a terminal, puts what the build prints above the progress line, never on it', () => {
    const { p, out, advance } = reporter(true)
    p.module()
    p.tick()
    advance(1000)
    p.other('warning: a large chunk\n')
    expect(out.slice(1)).toEqual([
      '\r\x1b[2K',
      'warning: a large chunk\n',
      '\r\x1b[2K  transforming modules: 1 modules, 1 s',
    ])
    // vite clearing its own line (control codes only) does not leave the progress blank
    out.splice(0)
    p.other('\x1b[2K\x1b[1G')
    expect(out).toEqual([
      '\r\x1b[2K',
      '\x1b[2K\x1b[1G',
      '\r\x1b[2K  transforming modules: 1 modules, 1 s',
    ])
    // a log (not a terminal) gets it as it is
    const log = reporter(false)
    log.p.other('warning: a large chunk\n')
    expect(log.out).toEqual(['warning: a large chunk\n'])
  })
})
