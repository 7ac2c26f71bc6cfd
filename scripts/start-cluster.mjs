// `npm run start:cluster`: a local demonstration of several instances - a throwaway
// PostgreSQL, two Forgeline instances (the compiled server) and nginx round-robin in front.
// One command; Ctrl-C or SIGTERM stops everything and removes the temp folders.
import { randomBytes } from 'node:crypto'
import { startInstance, startNginx, startPostgres } from './cluster/cluster.mjs'

const password = () => randomBytes(9).toString('base64url')
const accounts = { admin: password(), editor: password(), staff: password() }
const names = ['a', 'b']
const started = []
let stopping = false

async function stopAll(code) {
  if (stopping) return
  stopping = true
  console.log(
    '\nStopping: nginx, then the instances (they finish their requests), then PostgreSQL…',
  )
  for (const s of started.reverse()) {
    try {
      await s.stop()
    } catch (e) {
      console.error(`  ${e.message}`)
    }
  }
  console.log('Stopped.')
  process.exit(code)
}
process.on('SIGINT', () => void stopAll(0))
process.on('SIGTERM', () => void stopAll(0))

try {
  console.log('Starting a throwaway PostgreSQL…')
  const pg = await startPostgres()
  started.push(pg)
  const env = {
    ADMIN_PASSWORD: accounts.admin,
    EDITOR_PASSWORD: accounts.editor,
    STAFF_PASSWORD: accounts.staff,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  }
  console.log('Starting two instances on it (they migrate and seed once, together)…')
  const instances = await Promise.all(
    names.map((name) =>
      startInstance({
        name,
        databaseUrl: pg.url,
        env,
        detached: true,
        onLine: (l) => console.log(`  [${name}] ${l}`),
      }),
    ),
  )
  // nginx stops before the instances, the instances before PostgreSQL
  started.push({ stop: async () => void (await Promise.all(instances.map((i) => i.stop()))) })
  await Promise.all(instances.map((i) => i.ready()))
  const nginx = await startNginx({
    ports: instances.map((i) => i.port),
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    detached: true,
  })
  started.push(nginx)
  console.log(`
Forgeline cluster is ready: ${nginx.url}
  nginx (round-robin, no sticky sessions) -> ${instances.map((i) => `${i.name} ${i.url}`).join(', ')}
  PostgreSQL: ${pg.url}
  Accounts (generated for this run):
    admin   ${accounts.admin}
    editor  ${accounts.editor}
    staff   ${accounts.staff}
  Press Ctrl-C to stop everything.`)
  for (const i of instances) {
    void i.exited.then((code) => {
      if (!stopping)
        console.log(`  [${i.name}] exited (${code}); nginx sends everything to the other instance`)
    })
  }
} catch (e) {
  console.error(`The cluster could not start: ${e.message}`)
  await stopAll(1)
}
