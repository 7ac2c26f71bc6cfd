import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  generatePassword,
  hashPassword,
  unusableHash,
  verifyPassword,
} from '#server/modules/auth/passwords'

/* Password hashes (mutation survivors): the stored format and what verifies. Direct calls, no app. */

describe('password hashes', () => {
  it('stores scrypt with its parameters, a 16-byte salt and a 32-byte key; a fresh salt each time', async () => {
    const a = await hashPassword('correct horse')
    const b = await hashPassword('correct horse')
    const [scheme, n, r, p, salt, key, ...rest] = a.split('$')
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1'])
    expect(rest).toEqual([])
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16)
    expect(Buffer.from(key!, 'base64')).toHaveLength(32)
    expect(b).not.toBe(a)
    expect(await verifyPassword('correct horse', a)).toBe(true)
    expect(await verifyPassword('correct horse', b)).toBe(true)
    expect(await verifyPassword('correct horsE', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  it('compares passwords in NFKC form (full-width and composed characters match)', async () => {
    const stored = await hashPassword('pass-Ａ1-é')
    expect(await verifyPassword('pass-A1-é', stored)).toBe(true)
    expect(await verifyPassword('pass-A1-e\u0301', stored)).toBe(true)
    expect(await verifyPassword('pass-A1-e', stored)).toBe(false)
  })

  it('verifies with the parameters stored in the hash, not the current ones', async () => {
    const stored = await hashPassword('old-params-1')
    const [, , , , salt] = stored.split('$')
    const key = scryptSync('old-params-1', Buffer.from(salt!, 'base64'), 16, {
      N: 1024,
      r: 4,
      p: 2,
    })
    const old = ['scrypt', 1024, 4, 2, salt, key.toString('base64')].join('$')
    expect(await verifyPassword('old-params-1', old)).toBe(true)
    expect(await verifyPassword('old-params-2', old)).toBe(false)
  })

  it('refuses every password against a malformed or foreign hash', async () => {
    const stored = await hashPassword('some-pass-1')
    const [, n, r, p, salt, key] = stored.split('$')
    // a hash with an empty salt, even one that holds the right key for it
    const unsalted = scryptSync('some-pass-1', Buffer.alloc(0), 32, { N: 16384, r: 8, p: 1 })
    for (const bad of [
      '',
      'plain-text',
      ['bcrypt', n, r, p, salt, key].join('$'),
      ['scrypt', n, r, p, '', key].join('$'),
      ['scrypt', n, r, p, '', unsalted.toString('base64')].join('$'),
      ['scrypt', n, r, p, salt, ''].join('$'),
      ['scrypt', n, r, p, salt].join('$'),
    ])
      expect(await verifyPassword('some-pass-1', bad), bad).toBe(false)
  })

  it('the unusable hash has the real format (it costs a real check) and matches nothing', async () => {
    expect(unusableHash).toBe(
      `scrypt$16384$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`,
    )
    expect(await verifyPassword('', unusableHash)).toBe(false)
    expect(await verifyPassword('admin', unusableHash)).toBe(false)
  })

  it('generates 16-character URL-safe passwords, different each time', () => {
    const a = generatePassword()
    expect(a).toMatch(/^[\w-]{16}$/)
    expect(generatePassword()).not.toBe(a)
  })
})
