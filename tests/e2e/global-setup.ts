import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { chromePath } from './helpers/browser.ts'
import { root, startServer, type ServerHandle } from './helpers/server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

let server: ServerHandle | undefined

/** One production server for the e2e suite: the built client served by the real server. */
export async function setup(project: TestProject) {
  if (!fs.existsSync(chromePath)) {
    throw new Error(
      `Chromium not found at ${chromePath}: install Debian's chromium or set CHROME_PATH`,
    )
  }
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run build` before the e2e tests')
  }
  server = await startServer({ WECHAT_STANDIN: 'true' })
  project.provide('baseURL', server.baseURL)
}

export async function teardown() {
  await server?.stop()
}
