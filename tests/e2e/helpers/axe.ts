import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** The WCAG 2.1 A and AA rules of axe-core. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] }

const inFlight = new WeakMap<Page, Set<unknown>>()

/** Counts the page's requests in flight (cheaper to wait on than Playwright's 500 ms networkidle). */
export function trackRequests(page: Page) {
  const pending = new Set<unknown>()
  inFlight.set(page, pending)
  page.on('request', (r) => pending.add(r))
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
}

async function requestsDone(page: Page) {
  const pending = inFlight.get(page)
  if (!pending) return page.waitForLoadState('networkidle')
  // quiet for two checks in a row: a response that starts the next request does not count as done
  for (let quiet = 0; quiet < 2;) {
    await page.waitForTimeout(60)
    quiet = pending.size === 0 ? quiet + 1 : 0
  }
}

/** Waits until the page has settled: no request in flight, no skeleton or busy region, fonts loaded, no running animation. */
export async function settle(page: Page) {
  await page.waitForLoadState('load')
  await requestsDone(page)
  await page.waitForFunction(
    () =>
      document.querySelector('.page-loading, .adm-skeleton, [aria-busy="true"]') === null &&
      document.fonts.status === 'loaded',
  )
  // antd-mobile popups and masks animate in and out; a scan mid-animation sees half-opaque text
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  await requestsDone(page)
}

/**
 * Runs axe-core's WCAG 2 A/AA and 2.1 A/AA rules on the page as it is now and returns the
 * violations of any impact, each with the selectors of the failing elements.
 */
export async function axeViolations(
  page: Page,
  /** false: scan the page as a plain axe run (or Lighthouse) sees it, sections left unpainted */
  paintAll = true,
): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(
    async ([tags, paint]) => {
      type Node = {
        target: unknown[]
        any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[]
      }
      type Result = {
        violations: { id: string; impact: string | null; help: string; nodes: Node[] }[]
      }
      const axe = (
        window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }
      ).axe
      // content-visibility: auto leaves off-screen sections unpainted, and axe then reads
      // their text as standing on white: paint everything for the scan, as a reader scrolling sees it
      const paintAll = document.createElement('style')
      paintAll.textContent = '* { content-visibility: visible !important; }'
      if (paint) document.head.append(paintAll)
      const result = await axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .finally(() => paintAll.remove())
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map(
          (n) =>
            n.target.map(String).join(' ') +
            (n.any[0]?.data?.fgColor
              ? ` [${n.any[0].data.fgColor} on ${n.any[0].data.bgColor}: ${n.any[0].data.contrastRatio}]`
              : ''),
        ),
      }))
    },
    [wcagTags, paintAll] as const,
  )
}

/** Violations as readable lines, for an assertion message that says what to fix. */
export const describeViolations = (where: string, violations: AxeViolation[]) =>
  violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.targets.slice(0, 5).join(', ')}`,
  )
