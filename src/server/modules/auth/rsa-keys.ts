import { generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import forge from 'node-forge'

/** Compatibility encryption of SPEC §7: 1024-bit RSA, 117-byte plain / 128-byte cipher blocks. */
export const rsaCipherBlock = 128

export type RsaKeys = { publicKeyPem: string; decrypt: (base64: string) => string }

/** Loads the key pair from DATA_DIR, generating it at first start. */
export function loadRsaKeys(dataDir: string): RsaKeys {
  const privFile = path.join(dataDir, 'rsa-private.pem')
  const pubFile = path.join(dataDir, 'rsa-public.pem')
  if (!fs.existsSync(privFile) || !fs.existsSync(pubFile)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    })
    fs.writeFileSync(privFile, privateKey, { mode: 0o600 })
    fs.writeFileSync(pubFile, publicKey)
  }
  const priv = forge.pki.privateKeyFromPem(fs.readFileSync(privFile, 'utf8'))
  return {
    publicKeyPem: fs.readFileSync(pubFile, 'utf8'),
    /** Decrypts concatenated 128-byte PKCS#1 v1.5 blocks; throws on anything malformed. */
    decrypt(base64: string) {
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new Error('not base64')
      const bytes = forge.util.decode64(base64)
      if (bytes.length === 0 || bytes.length % rsaCipherBlock !== 0) throw new Error('bad length')
      let plain = ''
      for (let i = 0; i < bytes.length; i += rsaCipherBlock) {
        plain += priv.decrypt(bytes.slice(i, i + rsaCipherBlock), 'RSAES-PKCS1-V1_5')
      }
      return forge.util.decodeUtf8(plain)
    },
  }
}
