import path from 'node:path'
import type { Config } from './config.ts'
import { sqliteFileName } from './db/open.ts'

export type SummaryInput = {
  /** the address people open, e.g. http://127.0.0.1:8080 */
  url: string
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'basePath' | 'version'>>
  /** what start-up printed: on a first start, the accounts created with generated passwords */
  generated: string[]
  /** whether request logs are short lines (else JSON) */
  lineLog: boolean
  /** the Prometheus endpoint (METRICS_PORT), when on */
  metricsUrl?: string | null
}

/** Where the database lives, without a password. */
function databaseText(config: SummaryInput['config']): string {
  if (!config.databaseUrl) return `SQLite ${path.join(config.dataDir, sqliteFileName)}`
  const u = new URL(config.databaseUrl)
  return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`
}

/**
 * What an operator needs once the server listens: the site, the staff sign-in page,
 * the generated passwords of a first start, where the data lives and how to reset a password.
 * The first line keeps its form: tests and scripts read the port from "listening on <url>".
 */
export function startupSummary({
  url,
  config,
  generated,
  lineLog,
  metricsUrl,
}: SummaryInput): string[] {
  // the pages are under BASE_PATH (`/` or e.g. `/Nst/`)
  const site = `${url}${config.basePath ?? '/'}`
  const lines = [
    `Forgeline is listening on ${url}`,
    // the release (package.json, CHANGELOG.md), as /healthz and the personal centre show it
    ...(config.version ? [`  Version:        ${config.version}`] : []),
    `  Public site:    ${site}`,
    `  Staff sign-in:  ${site}login   (${site}admin opens the dashboard, through sign-in)`,
  ]
  lines.push(...generated.map((l) => `  ${l}`))
  lines.push(
    `  Database:       ${databaseText(config)}`,
    `  Data directory: ${config.dataDir}`,
    '  Reset a password: npm run reset-password -- admin',
    ...(metricsUrl ? [`  Metrics:        ${metricsUrl} (Prometheus; not on the public port)`] : []),
    lineLog
      ? '  Request log: one line per request (LOG_FORMAT=json for JSON lines)'
      : '  Request log: JSON lines, two per request: incoming and completed (LOG_FORMAT=line for one short line)',
  )
  return lines
}
