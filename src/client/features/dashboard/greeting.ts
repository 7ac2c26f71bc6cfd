import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export type GreetingPeriod = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening'

/**
 * SPEC §4 greeting by hour (0-23): before 8 morning, up to 11 forenoon, up to 13 noon,
 * before 18 afternoon, else evening.
 */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour < 8) return 'morning'
  if (hour <= 11) return 'forenoon'
  if (hour <= 13) return 'noon'
  if (hour < 18) return 'afternoon'
  return 'evening'
}

/** Chinese has a word for each period (早上好, 上午好, 中午好, 下午好, 晚上好); contexts keep them apart. */
export const greetingText: Record<GreetingPeriod, MessageDescriptor> = {
  morning: msg({ message: 'Good morning', context: 'greeting before 8:00' }),
  forenoon: msg({ message: 'Good morning', context: 'greeting 8:00 to 11:59' }),
  noon: msg({ message: 'Good afternoon', context: 'greeting 12:00 to 13:59' }),
  afternoon: msg({ message: 'Good afternoon', context: 'greeting 14:00 to 17:59' }),
  evening: msg({ message: 'Good evening', context: 'greeting from 18:00' }),
}
