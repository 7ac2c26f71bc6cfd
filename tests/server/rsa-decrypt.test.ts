import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  base64LengthOf,
  decryptBlocks,
  rsaCipherBlock,
  signInMaxBlocks,
} from '#server/modules/auth/rsa-decrypt'

/*
 * The RSA block decryption of encrypted sign-ins (SPEC §7; mutation survivors): each
 * rule of PKCS#1 v1.5 type 2 padding and of the length checks, with blocks built by hand and
 * encrypted raw, so each rule is met or broken exactly.
 */

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 })

/** One raw block `00 02 PS 00 M` with `padLength` non-zero padding bytes. */
function block(message: Buffer, padLength = rsaCipherBlock - 3 - message.length): Buffer {
  const b = Buffer.alloc(rsaCipherBlock)
  b[1] = 2
  b.fill(0x5a, 2, 2 + padLength)
  message.copy(b, 3 + padLength)
  return b
}
const encryptRaw = (raw: Buffer) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, raw)
const base64Of = (...raws: Buffer[]) => Buffer.concat(raws.map(encryptRaw)).toString('base64')
const decrypt = (base64: string, maxBlocks = signInMaxBlocks) =>
  decryptBlocks(privateKey, base64, maxBlocks)

describe('decryptBlocks', () => {
  it('joins the messages of the blocks and reads them as UTF-8', () => {
    const a = Buffer.from('{"username":"管理', 'utf8')
    const b = Buffer.from('员"}', 'utf8')
    // a multi-byte character split across the blocks is joined before decoding
    const split = Buffer.concat([a, b])
    expect(decrypt(base64Of(block(split.subarray(0, 15)), block(split.subarray(15))))).toBe(
      '{"username":"管理员"}',
    )
  })

  it('takes the shortest padding allowed (8 bytes) and a message of one byte', () => {
    expect(decrypt(base64Of(block(Buffer.alloc(rsaCipherBlock - 11, 0x61), 8)))).toBe(
      'a'.repeat(rsaCipherBlock - 11),
    )
    expect(decrypt(base64Of(block(Buffer.from('x'))))).toBe('x')
  })

  it('refuses padding shorter than 8 bytes, a wrong first or second byte, or no separator', () => {
    const short = block(Buffer.alloc(rsaCipherBlock - 10, 0x61), 7)
    expect(() => decrypt(base64Of(short))).toThrow('bad padding')
    const firstByte = block(Buffer.from('x'))
    // still below the modulus (a 1024-bit modulus starts with a byte of 0x80 or more)
    firstByte[0] = 1
    expect(() => decrypt(base64Of(firstByte))).toThrow('bad padding')
    const type1 = block(Buffer.from('x'))
    type1[1] = 1
    expect(() => decrypt(base64Of(type1))).toThrow('bad padding')
    const noSeparator = Buffer.alloc(rsaCipherBlock, 0x5a)
    noSeparator[0] = 0
    noSeparator[1] = 2
    expect(() => decrypt(base64Of(noSeparator))).toThrow('bad padding')
  })

  it('takes an empty message after a whole padding, and the first zero ends the padding', () => {
    const empty = Buffer.alloc(rsaCipherBlock, 0x5a)
    empty[0] = 0
    empty[1] = 2
    empty[rsaCipherBlock - 1] = 0
    expect(decrypt(base64Of(empty))).toBe('')
    const zeros = block(Buffer.from([0x61, 0, 0x62]))
    expect(decrypt(base64Of(zeros))).toBe('a\u0000b')
  })

  it('refuses a bad block even when the others are good', () => {
    const bad = block(Buffer.from('x'))
    bad[1] = 3
    expect(() => decrypt(base64Of(block(Buffer.from('a')), bad))).toThrow('bad padding')
    expect(() => decrypt(base64Of(bad, block(Buffer.from('a'))))).toThrow('bad padding')
  })

  it('refuses text that is not UTF-8', () => {
    expect(() => decrypt(base64Of(block(Buffer.from([0xff, 0xfe]))))).toThrow()
  })

  it('refuses empty, non-base64, partial and too many blocks before decrypting', () => {
    expect(() => decrypt('')).toThrow('bad length')
    expect(() => decrypt('***')).toThrow('not base64')
    expect(() => decrypt('QUJD\nREVG')).toThrow('not base64')
    expect(() => decrypt('QUJDREVG===')).toThrow('not base64')
    const one = base64Of(block(Buffer.from('a')))
    const oneAndABit = Buffer.concat([Buffer.from(one, 'base64'), Buffer.from('ABC')])
    expect(() => decrypt(oneAndABit.toString('base64'))).toThrow('bad length')
    expect(() => decrypt(one.slice(0, 100))).toThrow('bad length')
    // one character is no byte at all
    expect(() => decrypt('A')).toThrow('bad length')
    const two = base64Of(block(Buffer.from('a')), block(Buffer.from('b')))
    expect(decrypt(two, 2)).toBe('ab')
    expect(() => decrypt(two, 1)).toThrow('bad length')
  })

  it('refuses by the length of the text alone, and the count of blocks of a text within it', () => {
    expect(base64LengthOf(1)).toBe(172)
    expect(base64LengthOf(3)).toBe(512)
    expect(() => decrypt('A'.repeat(base64LengthOf(1) + 1), 1)).toThrow('bad length')
    // 129 bytes in 172 characters: within the text length of one block, but not one block
    const bytes129 = Buffer.alloc(129, 1).toString('base64')
    expect(bytes129.length).toBe(172)
    expect(() => decrypt(bytes129, 1)).toThrow('bad length')
  })
})
