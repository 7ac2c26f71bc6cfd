// Writes src/client/routeTree.gen.ts (as the vite plugin does on build) so that a fresh clone
// typechecks without a build: `npm run typecheck` runs this first.
import path from 'node:path'
import { Generator, getConfig } from '@tanstack/router-generator'
import { routerConfig } from './router-config.mjs'

const root = path.resolve(import.meta.dirname, '..')
await new Generator({ config: getConfig(routerConfig, root), root }).run()
