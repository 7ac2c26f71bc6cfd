// The e2e files in two groups, each file after file against its own production server
// (tests/e2e/global-setup.ts). `npm test` runs the groups at the same time, one vitest process
// each (scripts/test.mjs; a browser test leaves a core mostly idle). The heaviest files are
// dealt out first, alternately, so both groups take about as long.
import fs from 'node:fs'
import path from 'node:path'

/** The slowest files, heaviest first (seconds alone on the 2-core machine). */
const heaviest = [
  'a11y-axe', // 264
  'sign-up-phone',
  'orders-excel',
  'content-screens',
  'orders',
  'shell',
  'visitors',
  'a11y-phone', // 65
  'offline-order-edit',
  'record-history',
  'notices-alerts',
  'content-editor',
]

export const e2eShardCount = 2

/** `tests/e2e/*.test.ts` split in `e2eShardCount` groups. */
export function e2eShards(root) {
  const files = fs
    .readdirSync(path.join(root, 'tests/e2e'))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
  const weight = (f) => {
    const i = heaviest.indexOf(f.slice(0, -'.test.ts'.length))
    return i === -1 ? heaviest.length : i
  }
  const ordered = [...files].sort((a, b) => weight(a) - weight(b))
  const shards = Array.from({ length: e2eShardCount }, () => [])
  ordered.forEach((f, i) => shards[i % e2eShardCount].push(`tests/e2e/${f}`))
  return shards
}
