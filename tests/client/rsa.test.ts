import { generateKeyPairSync } from 'node:crypto'
import forge from 'node-forge'
import { describe, expect, it } from 'vitest'
import { encryptPayload, splitUtf8 } from '#client/features/auth/rsa'

describe('RSA payload encryption (SPEC §7)', () => {
  it('splits on character boundaries within 117 bytes', () => {
    const parts = splitUtf8('密'.repeat(100))
    expect(parts.every((p) => new TextEncoder().encode(p).length <= 117)).toBe(true)
    expect(parts.join('')).toBe('密'.repeat(100))
  })

  it('produces 128-byte blocks that the server key decrypts back to the JSON', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    })
    const payload = { username: 'admin', password: 'p@ss-密码', note: 'x'.repeat(200) }
    const param = await encryptPayload(publicKey, payload)
    const bytes = forge.util.decode64(param)
    expect(bytes.length % 128).toBe(0)
    expect(bytes.length).toBeGreaterThan(128)
    const key = forge.pki.privateKeyFromPem(privateKey)
    let plain = ''
    for (let i = 0; i < bytes.length; i += 128)
      plain += key.decrypt(bytes.slice(i, i + 128), 'RSAES-PKCS1-V1_5')
    expect(JSON.parse(forge.util.decodeUtf8(plain))).toEqual(payload)
  })
})

describe('RSA without a library', () => {
  it('reads SPKI and PKCS#1 keys alike, and every block decrypts (random padding, short results padded)', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    })
    const key = forge.pki.privateKeyFromPem(privateKey)
    const spki = forge.pki.publicKeyToPem(forge.pki.publicKeyFromPem(publicKey))
    expect(spki).toContain('BEGIN PUBLIC KEY')
    for (const [i, pem] of [
      publicKey,
      spki,
      publicKey,
      spki,
      publicKey,
      spki,
      publicKey,
      spki,
    ].entries()) {
      const payload = { username: `u${i}`, password: 'secret' }
      const bytes = forge.util.decode64(await encryptPayload(pem, payload))
      expect(bytes.length).toBe(128)
      expect(JSON.parse(forge.util.decodeUtf8(key.decrypt(bytes, 'RSAES-PKCS1-V1_5')))).toEqual(
        payload,
      )
    }
  })
})
