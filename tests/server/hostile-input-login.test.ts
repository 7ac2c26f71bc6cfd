import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as RsaDecrypt from '../../src/server/modules/auth/rsa-decrypt.ts'
import { createTestApp, testPasswords, type TestApp } from './helpers/test-app.ts'

/** Counts every RSA decryption the sign-in does. */
const decryptions = vi.hoisted(() => ({ blocks: 0 }))
vi.mock('../../src/server/modules/auth/rsa-decrypt.ts', async (importOriginal) => {
  const real = await importOriginal<typeof RsaDecrypt>()
  return {
    ...real,
    decryptBlocks: (...args: Parameters<typeof real.decryptBlocks>) => {
      decryptions.blocks += Math.floor(Buffer.from(args[1], 'base64').length / real.rsaCipherBlock)
      return real.decryptBlocks(...args)
    },
  }
})

let t: TestApp
let publicKey: string
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' })
  publicKey = ((await t.app.inject('/publicKey')).json() as { data: { publicKey: string } }).data
    .publicKey
})
afterAll(() => t.close())

/** As the browser does it: 117-byte UTF-8 blocks, PKCS#1 v1.5, concatenated, base64. */
function encrypt(json: string): string {
  const bytes = Buffer.from(json, 'utf8')
  const blocks: Buffer[] = []
  for (let i = 0; i < bytes.length; i += 117) {
    blocks.push(
      crypto.publicEncrypt(
        { key: publicKey, padding: crypto.constants.RSA_PKCS1_PADDING },
        bytes.subarray(i, i + 117),
      ),
    )
  }
  return Buffer.concat(blocks).toString('base64')
}

const login = (payload: unknown, ip = '192.0.2.10') =>
  t.app.inject({
    method: 'POST',
    url: '/api/User/Login',
    payload: payload as Record<string, string>,
    remoteAddress: ip,
    headers: { lang: 'en' },
  })

describe('encrypted sign-in (defect 3)', () => {
  it('signs in with a payload of up to three blocks', async () => {
    const res = await login({
      param: encrypt(
        JSON.stringify({ username: 'admin', password: testPasswords.admin, pad: 'x'.repeat(200) }),
      ),
    })
    expect(res.json()).toMatchObject({ code: 200 })
  })

  it('refuses a longer payload with the uniform failure, without decrypting anything', async () => {
    const wrong = (
      await login({ username: 'admin', password: 'wrong-password' }, '192.0.2.11')
    ).json() as { code: number; msg: string }
    const before = decryptions.blocks
    const big = encrypt(
      JSON.stringify({ username: 'admin', password: testPasswords.admin, pad: 'x'.repeat(2000) }),
    )
    const res = await login({ param: big }, '192.0.2.11')
    expect(res.json()).toEqual(wrong)
    // 48 blocks of garbage too
    expect(
      (
        await login({ param: crypto.randomBytes(48 * 128).toString('base64') }, '192.0.2.11')
      ).json(),
    ).toEqual(wrong)
    expect(decryptions.blocks).toBe(before)
  })

  it('consults the limiter before decrypting: a blocked address costs no RSA work', async () => {
    const ip = '192.0.2.12'
    const garbage = () => ({ param: crypto.randomBytes(3 * 128).toString('base64') })
    let status = 0
    for (let i = 0; i < 60 && status !== 429; i++) status = (await login(garbage(), ip)).statusCode
    expect(status).toBe(429)
    const before = decryptions.blocks
    for (let i = 0; i < 5; i++) expect((await login(garbage(), ip)).statusCode).toBe(429)
    expect(
      (
        await login(
          { param: encrypt(JSON.stringify({ username: 'admin', password: testPasswords.admin })) },
          ip,
        )
      ).statusCode,
    ).toBe(429)
    expect(decryptions.blocks).toBe(before)
    // another address is unaffected
    expect(
      (
        await login(
          { param: encrypt(JSON.stringify({ username: 'admin', password: testPasswords.admin })) },
          '192.0.2.13',
        )
      ).json(),
    ).toMatchObject({ code: 200 })
  })
})
