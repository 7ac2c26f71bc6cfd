import { describe, expect, it } from 'vitest'
import { specRowOf, specValueLacksEnglish, splitSpecValue } from '#shared/spec-values'

describe('splitSpecValue', () => {
  it('parts at the last " / " only when Chinese comes before and English after', () => {
    expect(splitSpecValue('调质 /  Q&T ')).toEqual(['调质', 'Q&T'])
    expect(splitSpecValue(' 调质  / Q&T')).toEqual(['调质', 'Q&T'])
    expect(splitSpecValue('4 / 5 / 调质 / Q&T')).toEqual(['4 / 5 / 调质', 'Q&T'])
    // no Chinese before, Chinese after, nothing after, no spaces around the slash
    expect(splitSpecValue('Steel / Q&T')).toEqual(['Steel / Q&T', ''])
    expect(splitSpecValue('调质 / 回火')).toEqual(['调质 / 回火', ''])
    expect(splitSpecValue('调质 /  ')).toEqual(['调质 /  ', ''])
    expect(splitSpecValue('调质/Q&T')).toEqual(['调质/Q&T', ''])
    expect(splitSpecValue(' / Q&T')).toEqual([' / Q&T', ''])
  })
})

describe('specRowOf', () => {
  it('keeps a stored English value; anything not text reads as ""', () => {
    expect(specRowOf({ Name: 1, NameEn: null, Value: '调质 / Q&T', ValueEn: '' })).toEqual({
      Name: '',
      NameEn: '',
      Value: '调质 / Q&T',
      ValueEn: '',
    })
    expect(specRowOf({ Name: '材料', NameEn: 'Material', Value: 7, ValueEn: 'x' })).toEqual({
      Name: '材料',
      NameEn: 'Material',
      Value: '',
      ValueEn: 'x',
    })
  })
  it('parts an older row held in one string', () => {
    expect(specRowOf({ Name: '材料', Value: '调质 / Q&T' })).toEqual({
      Name: '材料',
      NameEn: '',
      Value: '调质',
      ValueEn: 'Q&T',
    })
    expect(specRowOf({ Name: 'a', NameEn: 'b', Value: 5 })).toEqual({
      Name: 'a',
      NameEn: 'b',
      Value: '',
      ValueEn: '',
    })
  })
})

describe('specValueLacksEnglish', () => {
  const row = (Value: string, ValueEn: string) => ({ Name: '', NameEn: '', Value, ValueEn })
  it('is true only for a Chinese value without an English one', () => {
    expect(specValueLacksEnglish(row('调质', ''))).toBe(true)
    expect(specValueLacksEnglish(row('调质', '  '))).toBe(true)
    expect(specValueLacksEnglish(row('调质', 'Q&T'))).toBe(false)
    expect(specValueLacksEnglish(row('42CrMo4', ''))).toBe(false)
  })
})
