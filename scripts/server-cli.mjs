// `npm run reset-password|backup|restore -- ...`: runs an operator command compiled
// with the server (dist-server/<command>.js, scripts/build-server.mjs) with plain node, so a
// production install needs no TypeScript loader and no dev dependencies. In a checkout whose
// server sources changed since the last build, the server is compiled first (esbuild, a dev
// dependency); a production install ships dist-server/ already built and never compiles.
import { ensureServerBuild } from './ensure-build.mjs'
import { checkRelease } from './release-check.mjs'

const commands = new Set(['reset-password', 'backup', 'restore'])
const [command, ...rest] = process.argv.slice(2)
if (!commands.has(command)) {
  console.error(`Usage: node scripts/server-cli.mjs ${[...commands].join('|')} [arguments]`)
  process.exit(2)
}
checkRelease()
// what the build says goes to stderr: the command's own output stays clean for scripts
await ensureServerBuild((line) => console.error(line))
process.argv = [
  process.argv[0],
  new URL(`../dist-server/${command}.js`, import.meta.url).pathname,
  ...rest,
]
await import(`../dist-server/${command}.js`)
