import { describe, expect, it } from 'vitest'
import { provinceMeta } from '#shared/china-region-groups'

describe('provinceMeta (SPEC §3 region item)', () => {
  it('reads a province by its two-digit prefix or its six-digit code', () => {
    expect(provinceMeta('11')).toEqual({ region: 'north', provinceLevelCity: true })
    expect(provinceMeta('110000')).toEqual({ region: 'north', provinceLevelCity: true })
    expect(provinceMeta('440300')).toEqual({ region: 'south' })
    expect(provinceMeta('650000')).toEqual({ region: 'northwest', autonomousRegion: true })
  })
  it('knows no other prefix, and no name of an object', () => {
    expect(provinceMeta('99')).toBeUndefined()
    expect(provinceMeta('710000')).toBeUndefined()
    expect(provinceMeta('toString')).toBeUndefined()
    expect(provinceMeta('')).toBeUndefined()
  })
})
