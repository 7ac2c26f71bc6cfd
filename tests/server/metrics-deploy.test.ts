import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { start, type Running } from '#server/start'
import { promtool } from './helpers/promtool.ts'
import { alertRules, promtoolScenarios } from './helpers/alert-scenarios.ts'
import { testPasswords } from './helpers/test-app.ts'

/*
 * The monitoring files operators load (deploy/prometheus-rules.yml, deploy/grafana-dashboard.json)
 * against what the server exports: the real start-up with METRICS_PORT, scraped once. Every
 * alert and panel names only metrics the scrape has; promtool (CI installs it) checks the rules
 * and runs each alert through its scenario.
 */

const repo = path.resolve(import.meta.dirname, '../..')
const rulesFile = path.join(repo, 'deploy/prometheus-rules.yml')
const dashboardFile = path.join(repo, 'deploy/grafana-dashboard.json')

/**
 * Metrics of the database and storage fault handling, which come from a source file of their
 * own: until it is in the tree they cannot be scraped (once it is, they must be).
 */
const faultMetrics = ['forgeline_db_up', 'forgeline_ready', 'forgeline_storage_full_refusals_total']
const inSource = (name: string) =>
  fs
    .readdirSync(path.join(repo, 'src/server/metrics'))
    .some((f) => fs.readFileSync(path.join(repo, 'src/server/metrics', f), 'utf8').includes(name))

let running: Running
let dataDir: string
/** every metric family of the scrape, with the sample names of histograms */
const exported = new Set<string>()

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-metrics-deploy-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    BACKUP_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    METRICS_PORT: '0',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: testPasswords.admin,
    EDITOR_PASSWORD: testPasswords.editor,
    STAFF_PASSWORD: testPasswords.staff,
    SEED_DEMO: 'false',
    CLIENT_DIR: path.join(dataDir, 'client'),
  })
  running = await start(config, () => {})
  const text = await (await fetch(`http://127.0.0.1:${running.metricsPort}/metrics`)).text()
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    exported.add(m[1]!)
    if (m[2] === 'histogram' || m[2] === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${m[1]}${suffix}`)
  }
}, 60_000)

afterAll(async () => {
  await running?.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** The metric names a PromQL expression reads (`up` is Prometheus's own). */
const metricsOf = (expr: string) => [
  ...new Set(expr.match(/\b(?:forgeline|nodejs|process)_\w+/g) ?? []),
]

function notExported(exprs: string[]): string[] {
  return exprs
    .flatMap(metricsOf)
    .filter((name) => !exported.has(name) && (inSource(name) || !faultMetrics.includes(name)))
}

describe('deploy/prometheus-rules.yml', () => {
  const rules = alertRules(fs.readFileSync(rulesFile, 'utf8'))

  it('alerts on 5xx answers, readiness, the database, storage and the backup age', () => {
    const byMetric = (m: string) => rules.filter((r) => metricsOf(r.expr).includes(m))
    expect(rules.filter((r) => /status=~"5\.\."/.test(r.expr)).length).toBeGreaterThan(0)
    for (const m of [...faultMetrics, 'forgeline_last_backup_timestamp_seconds'])
      expect(byMetric(m).length, m).toBeGreaterThan(0)
    expect(new Set(rules.map((r) => r.alert)).size).toBe(rules.length)
  })

  it('names only metrics the server exports', () => {
    expect(exported.has('forgeline_last_backup_timestamp_seconds')).toBe(true)
    expect(notExported(rules.map((r) => r.expr))).toEqual([])
  })

  it('passes promtool check rules, and each alert fires in its scenario and not when all is well', () => {
    const tool = promtool()
    if (!tool) return
    const checked = tool(['check', 'rules', rulesFile])
    expect(checked.status, checked.output).toBe(0)
    expect(checked.output).toContain(`SUCCESS: ${rules.length} rules found`)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forgeline-promtool-'))
    try {
      const { file, fired } = promtoolScenarios(rulesFile, dir)
      // every alert of the file has a scenario in which it fires
      expect([...fired].sort()).toEqual(rules.map((r) => r.alert).sort())
      const tested = tool(['test', 'rules', file])
      expect(tested.status, tested.output).toBe(0)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

type Panel = {
  type: string
  title: string
  targets?: { expr: string }[]
  gridPos: { h: number; w: number; x: number; y: number }
}

describe('deploy/grafana-dashboard.json', () => {
  const dashboard = JSON.parse(fs.readFileSync(dashboardFile, 'utf8')) as {
    title: string
    panels: Panel[]
  }
  const panels = dashboard.panels.filter((p) => p.type !== 'row')

  it('has request, latency, database and notice panels, each with a query', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)
    expect(rows).toEqual(['Requests', 'Latency', 'Database', 'Notices and process'])
    for (const p of panels) expect(p.targets?.length, p.title).toBeGreaterThan(0)
    const reads = (m: string) => panels.some((p) => p.targets!.some((t) => t.expr.includes(m)))
    for (const m of [
      'forgeline_http_requests_total',
      'forgeline_http_request_duration_seconds_bucket',
      'forgeline_db_connections',
      'forgeline_db_query_duration_seconds_bucket',
      'forgeline_db_up',
      'forgeline_notices_pushed_total',
      'forgeline_websockets_open',
      'forgeline_last_backup_timestamp_seconds',
    ])
      expect(reads(m), m).toBe(true)
    expect(new Set(dashboard.panels.map((p) => JSON.stringify(p.gridPos))).size).toBe(
      dashboard.panels.length,
    )
  })

  it("each panel's queries name only metrics the server exports", () => {
    expect(notExported(panels.flatMap((p) => p.targets!.map((t) => t.expr)))).toEqual([])
  })
})
