// `npm start`: one node process that builds what is stale (scripts/ensure-build.mjs), then runs
// the compiled server in this same process. package.json runs it with `exec`, so the shell npm
// starts is replaced by this process and a SIGTERM or SIGINT that npm forwards reaches the
// server itself: it finishes requests, closes the database and exits (src/server/main.ts).
import { ensureBuild } from './ensure-build.mjs'
import { checkRelease } from './release-check.mjs'

// a release tarball runs only on the Node major and platform it was built for (release.json)
checkRelease()

await ensureBuild()
await import('../dist-server/main.js')
