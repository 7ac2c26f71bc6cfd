const blockBytes = 117
const utf8 = new TextEncoder()
const utf8Length = (ch: string) => utf8.encode(ch).length

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

type RsaKey = { n: bigint; e: bigint; size: number }

const toBigInt = (bytes: Uint8Array) => bytes.reduce((v, b) => (v << 8n) | BigInt(b), 0n)

/**
 * The modulus and exponent of a PEM public key, SubjectPublicKeyInfo (`BEGIN PUBLIC KEY`) or
 * PKCS#1 (`BEGIN RSA PUBLIC KEY`): a small DER reader, so sign-in needs no RSA library.
 */
export function readPublicKey(pem: string): RsaKey {
  const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, '')), (c) => c.charCodeAt(0))
  let at = 0
  const header = () => {
    const tag = der[at++]!
    let len = der[at++]!
    if (len & 0x80) {
      const count = len & 0x7f
      len = 0
      for (let i = 0; i < count; i++) len = len * 256 + der[at++]!
    }
    if (at + len > der.length) throw new Error('bad public key')
    return { tag, len }
  }
  const integer = () => {
    const { tag, len } = header()
    if (tag !== 0x02) throw new Error('bad public key')
    const bytes = der.subarray(at, at + len)
    at += len
    return bytes
  }
  header() // SEQUENCE
  if (der[at] === 0x30) {
    // SubjectPublicKeyInfo: skip the algorithm, enter the BIT STRING (one byte of unused bits)
    const algorithm = header()
    at += algorithm.len
    if (header().tag !== 0x03) throw new Error('bad public key')
    at += 1
    header() // RSAPublicKey SEQUENCE
  }
  const nBytes = integer()
  const n = toBigInt(nBytes)
  const e = toBigInt(integer())
  const size = Math.ceil(n.toString(16).length / 2)
  return { n, e, size }
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n
  base %= mod
  while (exp > 0n) {
    if (exp & 1n) result = (result * base) % mod
    base = (base * base) % mod
    exp >>= 1n
  }
  return result
}

/** RSAES-PKCS1-v1_5 (RFC 8017 §7.2.1): `00 02 <non-zero random> 00 <message>`, then m^e mod n. */
export function encryptBlock(key: RsaKey, message: Uint8Array): Uint8Array {
  const padLength = key.size - message.length - 3
  if (padLength < 8) throw new Error('message too long')
  const em = new Uint8Array(key.size)
  em[1] = 2
  const pad = em.subarray(2, 2 + padLength)
  crypto.getRandomValues(pad)
  for (let i = 0; i < pad.length; i++) {
    while (pad[i] === 0) pad[i] = crypto.getRandomValues(new Uint8Array(1))[0]!
  }
  em.set(message, 3 + padLength)
  const hex = modPow(toBigInt(em), key.e, key.n)
    .toString(16)
    .padStart(key.size * 2, '0')
  return Uint8Array.from(hex.match(/../g)!, (h) => parseInt(h, 16))
}

/**
 * Encrypts a JSON payload as SPEC §7 asks: UTF-8 blocks of at most 117 bytes, each RSA
 * PKCS#1 v1.5 encrypted with the server's 1024-bit key, the 128-byte cipher blocks concatenated
 * and base64-encoded. Compatibility only: TLS is the real protection. Written out here (a few
 * lines over BigInt) rather than with jsencrypt, which weighed about 17 KB gzip on sign-in (issue
 * 17); WebCrypto has no PKCS#1 v1.5 encryption and needs a secure context.
 */
export async function encryptPayload(publicKeyPem: string, payload: unknown): Promise<string> {
  const key = readPublicKey(publicKeyPem)
  let raw = ''
  for (const block of splitUtf8(JSON.stringify(payload))) {
    for (const b of encryptBlock(key, utf8.encode(block))) raw += String.fromCharCode(b)
  }
  return btoa(raw)
}
