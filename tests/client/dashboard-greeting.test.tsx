import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { greetingPeriod, greetingText } from '#client/features/dashboard/greeting'
import { activateLocale } from '#client/lib/i18n'

describe('greeting by hour (SPEC §4)', () => {
  it.each([
    [0, 'morning'],
    [7, 'morning'],
    [8, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ] as const)('hour %i is %s', (hour, period) => {
    expect(greetingPeriod(hour)).toBe(period)
  })

  it('every period has its own message (Chinese tells all five apart)', async () => {
    await activateLocale('en')
    const ids = Object.values(greetingText).map((d) => d.id)
    expect(new Set(ids).size).toBe(5)
    expect(i18n._(greetingText.morning)).toBe('Good morning')
    expect(i18n._(greetingText.evening)).toBe('Good evening')
    await activateLocale('zh')
  })
})
