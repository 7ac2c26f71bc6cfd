import { describe, expect, it } from 'vitest'
import { formatGridNumber } from '#client/features/orders/grid/grid-number'

const intl = (v: number, decimals: number) =>
  new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
  }).format(v)

describe('grid numbers', () => {
  it('groups thousands and drops trailing zeros', () => {
    expect(formatGridNumber(1234567.5, 3)).toBe('1,234,567.5')
    expect(formatGridNumber(1000, 0)).toBe('1,000')
    expect(formatGridNumber(999, 0)).toBe('999')
    expect(formatGridNumber(0.125, 3)).toBe('0.125')
    expect(formatGridNumber(2.5, 3)).toBe('2.5')
    expect(formatGridNumber(-1234.25, 3)).toBe('-1,234.25')
    expect(formatGridNumber(-0.0001, 3)).toBe('0')
    expect(formatGridNumber(12.6, 0)).toBe('13')
  })

  it('reads like Intl.NumberFormat en-US for the values a grid holds (3 decimals at most)', () => {
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    for (let i = 0; i < 5000; i++) {
      const thousandths = Math.floor(random() * 1e12) * (random() < 0.1 ? -1 : 1)
      const value = thousandths / 1000
      expect(formatGridNumber(value, 3)).toBe(intl(value, 3))
      const whole = Math.round(value)
      expect(formatGridNumber(whole, 0)).toBe(intl(whole, 0))
    }
  })

  it('writes what is not a finite number as it is', () => {
    expect(formatGridNumber(Number.NaN, 3)).toBe('NaN')
    expect(formatGridNumber(Number.POSITIVE_INFINITY, 0)).toBe('Infinity')
  })
})
