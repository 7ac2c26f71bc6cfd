import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** The WCAG 2.1 A and AA rules of axe-core (issue 21). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] }

/** Waits until the page has settled: no skeleton, no busy region, fonts and images loaded. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    () =>
      document.querySelector('.page-loading, .adm-skeleton, [aria-busy="true"]') === null &&
      document.fonts.status === 'loaded',
  )
  // antd-mobile popups and masks animate in and out; a scan mid-animation sees half-opaque text
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
}

/**
 * Runs axe-core's WCAG 2 A/AA and 2.1 A/AA rules on the page as it is now and returns the
 * violations of any impact, each with the selectors of the failing elements.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource })
  return page.evaluate(async (tags) => {
    type Node = { target: unknown[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ') + (n.any[0]?.data?.fgColor ? ` [${n.any[0].data.fgColor} on ${n.any[0].data.bgColor}: ${n.any[0].data.contrastRatio}]` : '')) }))
  }, wcagTags)
}

/** Violations as readable lines, for an assertion message that says what to fix. */
export const describeViolations = (where: string, violations: AxeViolation[]) =>
  violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.targets.slice(0, 5).join(', ')}`)
