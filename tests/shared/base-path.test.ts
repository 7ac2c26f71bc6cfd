import { describe, expect, it } from 'vitest'
import { parseBasePath, underBase } from '#shared/base-path'

const reason = (raw: string) => {
  const r = parseBasePath(raw)
  return r.ok ? undefined : r.reason
}

describe('parseBasePath (SPEC §9 public path)', () => {
  it('reads nothing, blanks and / as the root; adds the missing slashes', () => {
    expect(parseBasePath(undefined)).toEqual({ ok: true, value: '/' })
    expect(parseBasePath('')).toEqual({ ok: true, value: '/' })
    expect(parseBasePath('  / ')).toEqual({ ok: true, value: '/' })
    expect(parseBasePath('Nst')).toEqual({ ok: true, value: '/Nst/' })
    expect(parseBasePath('/Nst')).toEqual({ ok: true, value: '/Nst/' })
    expect(parseBasePath('Nst/')).toEqual({ ok: true, value: '/Nst/' })
    expect(parseBasePath(' /a/b-c/ ')).toEqual({ ok: true, value: '/a/b-c/' })
    expect(parseBasePath('/_a~b/c.d/9/')).toEqual({ ok: true, value: '/_a~b/c.d/9/' })
    expect(parseBasePath('/-x/~y/')).toEqual({ ok: true, value: '/-x/~y/' })
  })

  it('names the problem of each refused path', () => {
    expect(reason('/Nst?x=1')).toBe('must be a path without ? or # (e.g. /Nst/)')
    expect(reason('/Nst#top')).toBe('must be a path without ? or # (e.g. /Nst/)')
    expect(reason('/Nst\\x/')).toBe('must use / between its parts, not \\ (e.g. /Nst/)')
    expect(reason('https://example.com/Nst/')).toBe(
      'must be a path on this site such as /Nst/, not a URL',
    )
    expect(reason('HTTP://example.com/')).toContain('not a URL')
    expect(reason('web+app.x-1:stuff')).toContain('not a URL')
    expect(reason('//evil.example/')).toContain('not a URL')
    expect(reason('/a//b/')).toBe('must not contain empty parts (//) (e.g. /Nst/)')
    expect(reason('/a/./b/')).toBe('must not contain . or .. parts (e.g. /Nst/)')
    expect(reason('/../')).toBe('must not contain . or .. parts (e.g. /Nst/)')
    expect(reason('/N st/')).toBe(
      'may only hold letters, digits, -, _, ~ and . between slashes (e.g. /Nst/)',
    )
    expect(reason('/.hidden/')).toContain('may only hold')
    expect(reason('/a/b%20/')).toContain('may only hold')
  })

  it('a colon later in the path, or a path starting with a digit, is no URL scheme', () => {
    expect(reason('/a:b/')).toContain('may only hold')
    expect(reason('1ab:c')).toContain('may only hold')
    expect(reason('a/b:c')).toContain('may only hold')
  })
})

describe('underBase', () => {
  it('puts a site path under the base; leaves other text alone', () => {
    expect(underBase('/Nst/', '/index')).toBe('/Nst/index')
    expect(underBase('/', '/index')).toBe('/index')
    expect(underBase('/Nst/', 'https://x.example/a')).toBe('https://x.example/a')
  })
})
