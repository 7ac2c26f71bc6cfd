import fs from 'node:fs'
import path from 'node:path'

/** Each alert of a rules file and its expression (block `|` expressions joined into one line). */
export function alertRules(yaml: string): { alert: string; expr: string }[] {
  const rules: { alert: string; expr: string }[] = []
  const lines = yaml.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const alert = /^\s*- alert: (\S+)\s*$/.exec(lines[i]!)?.[1]
    if (!alert) continue
    let j = i + 1
    while (j < lines.length && !/^\s*expr:/.test(lines[j]!)) j++
    const [, indent = '', inline = ''] = /^(\s*)expr:\s*(.*)$/.exec(lines[j] ?? '') ?? []
    let expr = inline
    if (inline === '|') {
      const body: string[] = []
      while (++j < lines.length && (lines[j]!.trim() === '' || lines[j]!.startsWith(`${indent}  `)))
        body.push(lines[j]!.trim())
      expr = body.join(' ').trim()
    }
    rules.push({ alert, expr })
  }
  return rules
}

type Scenario = {
  name: string
  /** series -> promtool's expanding notation, one sample a minute */
  series: Record<string, string>
  at: string
  firing: string[]
}

const job = 'job="forgeline",instance="a"'
/** 28 hours of samples, a minute apart */
const day = 1700

/** Each alert in the situation it is for, and a healthy day on which none fires. */
export const scenarios: Scenario[] = [
  {
    name: 'all is well for 28 hours',
    series: {
      [`up{${job}}`]: `1x${day}`,
      [`forgeline_ready{${job}}`]: `1x${day}`,
      [`forgeline_db_up{${job}}`]: `1x${day}`,
      [`forgeline_http_requests_total{${job},status="200"}`]: `0+60x${day}`,
      [`forgeline_storage_full_refusals_total{${job}}`]: `0x${day}`,
      // a backup every minute: its time is the evaluation time
      [`forgeline_last_backup_timestamp_seconds{${job}}`]: `0+60x${day}`,
      [`forgeline_db_connections{${job},state="waiting"}`]: `0x${day}`,
      [`nodejs_eventloop_lag_p99_seconds{${job}}`]: `0.01x${day}`,
    },
    at: '1680m',
    firing: [],
  },
  {
    name: 'unreachable',
    series: { [`up{${job}}`]: '1 0x9' },
    at: '5m',
    firing: ['ForgelineInstanceDown'],
  },
  {
    name: 'not ready, database unreachable',
    series: { [`forgeline_ready{${job}}`]: '1 0x9', [`forgeline_db_up{${job}}`]: '1 0x9' },
    at: '5m',
    firing: ['ForgelineNotReady', 'ForgelineDatabaseDown'],
  },
  {
    name: 'half the answers are 5xx',
    series: {
      [`forgeline_http_requests_total{${job},status="200"}`]: '0+60x20',
      [`forgeline_http_requests_total{${job},status="500"}`]: '0+60x20',
    },
    at: '15m',
    firing: ['ForgelineServerErrors', 'ForgelineServerErrorRatioHigh'],
  },
  {
    name: 'storage full',
    series: { [`forgeline_storage_full_refusals_total{${job}}`]: '0 0 0 1 1 1' },
    at: '5m',
    firing: ['ForgelineStorageFull'],
  },
  {
    name: 'no backup for 28 hours',
    series: {
      [`up{${job}}`]: `1x${day}`,
      [`forgeline_last_backup_timestamp_seconds{${job}}`]: `0x${day}`,
    },
    at: '1680m',
    firing: ['ForgelineBackupTooOld'],
  },
  {
    name: 'no instance watches the backups',
    series: { [`up{${job}}`]: '1x130' },
    at: '125m',
    firing: ['ForgelineBackupNotWatched'],
  },
  {
    name: 'callers wait for connections',
    series: { [`forgeline_db_connections{${job},state="waiting"}`]: '0 2x10' },
    at: '8m',
    firing: ['ForgelineDatabaseConnectionsWaiting'],
  },
  {
    name: 'event loop lags',
    series: { [`nodejs_eventloop_lag_p99_seconds{${job}}`]: '0.5x10' },
    at: '8m',
    firing: ['ForgelineEventLoopLag'],
  },
]

/**
 * A `promtool test rules` file (JSON is YAML) with every scenario: the alerts firing at its
 * time are exactly its `firing`. Answers the file and every alert some scenario fires.
 */
export function promtoolScenarios(rulesFile: string, dir: string) {
  const file = path.join(dir, 'forgeline-rules.test.yml')
  const tests = scenarios.map((s) => ({
    name: s.name,
    interval: '1m',
    input_series: Object.entries(s.series).map(([series, values]) => ({ series, values })),
    promql_expr_test: [
      {
        expr: 'count by (alertname) (ALERTS{alertstate="firing"})',
        eval_time: s.at,
        exp_samples: s.firing.map((a) => ({ labels: `{alertname="${a}"}`, value: 1 })),
      },
    ],
  }))
  fs.writeFileSync(
    file,
    JSON.stringify({ rule_files: [rulesFile], evaluation_interval: '1m', tests }, null, 1),
  )
  return { file, fired: new Set(scenarios.flatMap((s) => s.firing)) }
}
