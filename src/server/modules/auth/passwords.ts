import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const params = { N: 16384, r: 8, p: 1, keyLength: 32 }

function derive(password: string, salt: Buffer, o: ScryptOptions & { keyLength: number }) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      o.keyLength,
      { N: o.N, r: o.r, p: o.p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  )
}

/** Hashes a password with scrypt and a per-user salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$')
}

/** A hash that no password matches; verifying against it costs the same as a real check. */
export const unusableHash = `scrypt$${params.N}$${params.r}$${params.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keyLength: expected.length,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A readable random password for generated first-start accounts. */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url')
}
