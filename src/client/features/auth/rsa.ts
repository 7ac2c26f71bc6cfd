const blockBytes = 117
const utf8Length = (ch: string) => new TextEncoder().encode(ch).length

/** Splits text into pieces of at most 117 UTF-8 bytes without cutting a character. */
export function splitUtf8(text: string, max = blockBytes): string[] {
  const out: string[] = []
  let cur = ''
  let size = 0
  for (const ch of text) {
    const n = utf8Length(ch)
    if (size + n > max) {
      out.push(cur)
      cur = ''
      size = 0
    }
    cur += ch
    size += n
  }
  if (cur) out.push(cur)
  return out
}

/**
 * Encrypts a JSON payload as SPEC §7 asks: UTF-8 blocks of at most 117 bytes, each RSA
 * PKCS#1 v1.5 encrypted (jsencrypt) with the server's 1024-bit key, the 128-byte cipher
 * blocks concatenated and base64-encoded. Compatibility only: TLS is the real protection.
 */
export async function encryptPayload(publicKeyPem: string, payload: unknown): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt')
  const enc = new JSEncrypt()
  enc.setPublicKey(publicKeyPem)
  let raw = ''
  for (const block of splitUtf8(JSON.stringify(payload))) {
    const b64 = enc.encrypt(block)
    if (!b64) throw new Error('encryption failed')
    const bytes = atob(b64)
    raw += bytes.padStart(128, '\0')
  }
  return btoa(raw)
}
