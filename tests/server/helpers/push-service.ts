import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in push service (for the Web Push tests): records every POST and answers the status set for
 * its path (201 by default), and the browser side of a subscription made with node:crypto, with
 * RFC 8291 (aes128gcm) decryption and an RFC 8292 VAPID check.
 */

export type PushRequest = { path: string; headers: http.IncomingHttpHeaders; body: Buffer }

export async function startPushService() {
  const received: PushRequest[] = []
  /** the status a path answers (201 by default); 0 drops the connection without an answer */
  const statusOf = new Map<string, number>()
  /** milliseconds a path waits before it answers */
  const delayOf = new Map<string, number>()
  const load = { inFlight: 0, most: 0 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    load.inFlight++
    load.most = Math.max(load.most, load.inFlight)
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? ''
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) })
      setTimeout(
        () => {
          load.inFlight--
          const status = statusOf.get(path) ?? 201
          if (status === 0) return void res.destroy()
          res.statusCode = status
          res.end()
        },
        delayOf.get(path) ?? 0,
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    statusOf,
    delayOf,
    load,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const b64u = (b: Buffer) => b.toString('base64url')
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()

/** A browser's subscription keys: P-256 key pair and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
  }
}

/** RFC 8291 §3-4 / RFC 8188: decrypts one aes128gcm message sent to these keys. */
export function decryptAes128gcm(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idLen = body[20]!
  const asPublic = body.subarray(21, 21 + idLen)
  const records = body.subarray(21 + idLen)
  if (records.length > rs) throw new Error('more than one record')
  const uaPublic = keys.ecdh.getPublicKey()
  const ecdhSecret = keys.ecdh.computeSecret(asPublic)
  const prkKey = hmac(keys.auth, ecdhSecret)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    uaPublic,
    asPublic,
    Buffer.from([1]),
  ])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const plain = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ])
  // the last record ends with the delimiter 2 and optional zero padding
  let end = plain.length - 1
  while (end >= 0 && plain[end] === 0) end--
  if (plain[end] !== 2) throw new Error('no last-record delimiter')
  return plain.subarray(0, end).toString('utf8')
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT (ES256) must verify with
 * `publicKey` (base64url, 65 bytes). Answers the JWT claims.
 */
export function checkVapid(authorization: string | undefined, publicKey: string) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '')
  if (!m) throw new Error(`not a VAPID authorization: ${authorization}`)
  const [jwt, k] = [m[1]!, m[2]!]
  if (k !== publicKey) throw new Error('k is not the server key')
  const [head, claims, sig] = jwt.split('.') as [string, string, string]
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  )
  if (!ok) throw new Error('VAPID signature does not verify')
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }
  if (header.alg !== 'ES256') throw new Error(`alg ${header.alg}`)
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string
    exp: number
    sub: string
  }
}
