import { ConfigError, loadConfig, redactSecrets } from './config.ts'
import { LockedError } from './db/lock.ts'
import { writesLines } from './logging.ts'
import { start, StartAborted, type Running } from './start.ts'
import { startupSummary } from './startup-summary.ts'

/**
 * Entry point: configuration from the environment, one clear line on any start-up failure.
 * SIGTERM/SIGINT handlers are installed before anything opens the database: a signal during
 * start-up stops it between steps (a migration in progress finishes or rolls back as a whole),
 * a signal once running lets requests finish and closes the database. A second signal (a second
 * or more after the first), or a stop that takes over 4.5 s, exits at once; the database stays
 * consistent either way.
 */
async function main() {
  let running: Running | undefined
  const abort = new AbortController()
  let signals = 0
  let firstAt = 0
  const shutdown = (signal: string) => {
    // Ctrl-C under `npm start` arrives twice at once: from the terminal (to the whole process
    // group) and forwarded by npm. Only a signal a second or more later is a second request.
    if (signals > 0 && Date.now() - firstAt < 1000) return
    signals++
    if (signals > 1) process.exit(1)
    firstAt = Date.now()
    const force = setTimeout(() => process.exit(1), 4500 + (running?.drainMs ?? 0))
    force.unref()
    if (!running) {
      console.log(`${signal} received during start-up, stopping`)
      abort.abort()
      return
    }
    console.log(`${signal} received, finishing requests and closing the database`)
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  try {
    const config = loadConfig()
    // what seeding prints (the generated passwords) waits for the summary, once the server listens
    const generated: string[] = []
    running = await start(config, (line) => generated.push(line), abort.signal)
    if (abort.signal.aborted) {
      await running.stop()
      process.exit(0)
    }
    const address = running.app.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
    const shownHost = host.includes(':') ? `[${host}]` : host
    const metricsHost = config.metrics?.host.includes(':')
      ? `[${config.metrics.host}]`
      : config.metrics?.host
    const metricsUrl =
      running.metricsPort === null ? null : `http://${metricsHost}:${running.metricsPort}/metrics`
    const summary = startupSummary({
      url: `http://${shownHost}:${port}`,
      config,
      generated,
      lineLog: writesLines(config),
      metricsUrl,
    })
    console.log(summary.join('\n'))
  } catch (e) {
    if (e instanceof StartAborted) process.exit(0)
    if (e instanceof ConfigError || e instanceof LockedError) {
      console.error(e.message)
    } else {
      console.error(redactSecrets(`Forgeline could not start: ${(e as Error).message}`))
    }
    process.exit(1)
  }
}

void main()
