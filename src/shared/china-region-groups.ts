/**
 * SPEC §3 region item attributes of China's provinces: the seven geographic regions, and the
 * province-level city and autonomous region flags. Keyed by the province's two-digit prefix of
 * its six-digit code (110000 -> "11").
 */
export const chinaRegions = [
  'north',
  'northeast',
  'east',
  'central',
  'south',
  'southwest',
  'northwest',
] as const
export type ChinaRegion = (typeof chinaRegions)[number]

export type ProvinceMeta = {
  region: ChinaRegion
  provinceLevelCity?: true
  autonomousRegion?: true
}

const city = { provinceLevelCity: true } as const
const autonomous = { autonomousRegion: true } as const

const provinces: Record<string, ProvinceMeta> = {
  '11': { region: 'north', ...city },
  '12': { region: 'north', ...city },
  '13': { region: 'north' },
  '14': { region: 'north' },
  '15': { region: 'north', ...autonomous },
  '21': { region: 'northeast' },
  '22': { region: 'northeast' },
  '23': { region: 'northeast' },
  '31': { region: 'east', ...city },
  '32': { region: 'east' },
  '33': { region: 'east' },
  '34': { region: 'east' },
  '35': { region: 'east' },
  '36': { region: 'east' },
  '37': { region: 'east' },
  '41': { region: 'central' },
  '42': { region: 'central' },
  '43': { region: 'central' },
  '44': { region: 'south' },
  '45': { region: 'south', ...autonomous },
  '46': { region: 'south' },
  '50': { region: 'southwest', ...city },
  '51': { region: 'southwest' },
  '52': { region: 'southwest' },
  '53': { region: 'southwest' },
  '54': { region: 'southwest', ...autonomous },
  '61': { region: 'northwest' },
  '62': { region: 'northwest' },
  '63': { region: 'northwest' },
  '64': { region: 'northwest', ...autonomous },
  '65': { region: 'northwest', ...autonomous },
}

/** Region and flags of a province by its code (two or six digits); undefined for an unknown one. */
export function provinceMeta(code: string): ProvinceMeta | undefined {
  return Object.hasOwn(provinces, code.slice(0, 2)) ? provinces[code.slice(0, 2)] : undefined
}
