import { ConfigError, loadConfig, redactSecrets } from './config.ts'
import { LockedError } from './db/lock.ts'
import { start } from './start.ts'

/** Entry point: configuration from the environment, one clear line on any start-up failure. */
async function main() {
  let running: Awaited<ReturnType<typeof start>>
  try {
    const config = loadConfig()
    running = await start(config)
    const address = running.app.server.address()
    const port = address && typeof address === 'object' ? address.port : config.port
    const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host
    console.log(`Forgeline is listening on http://${host}:${port}`)
  } catch (e) {
    if (e instanceof ConfigError || e instanceof LockedError) {
      console.error(e.message)
    } else {
      console.error(redactSecrets(`Forgeline could not start: ${(e as Error).message}`))
    }
    process.exit(1)
  }
  let signals = 0
  const shutdown = (signal: string) => {
    signals++
    if (signals > 1) process.exit(1)
    console.log(`${signal} received, finishing requests and closing the database`)
    const force = setTimeout(() => process.exit(1), 4500)
    force.unref()
    running.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

void main()
