import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { decryptBlocks, signInMaxBlocks } from './rsa-decrypt.ts'

export { rsaCipherBlock } from './rsa-decrypt.ts'

export type RsaKeys = {
  publicKeyPem: string
  /** decrypts at most `maxBlocks` cipher blocks (default: what a sign-in needs); throws when malformed */
  decrypt: (base64: string, maxBlocks?: number) => string
}

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
  const priv = createPrivateKey(fs.readFileSync(privFile, 'utf8'))
  return {
    publicKeyPem: fs.readFileSync(pubFile, 'utf8'),
    decrypt: (base64, maxBlocks = signInMaxBlocks) => decryptBlocks(priv, base64, maxBlocks),
  }
}
