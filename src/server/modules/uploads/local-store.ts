import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { UploadStore } from './upload-store.ts'

/** Files in DATA_DIR/uploads, served by @fastify/static (cached 7 days: names are never reused). */
export function localUploadStore(dataDir: string): UploadStore {
  const root = path.join(dataDir, 'uploads')
  return {
    kind: 'local',
    async put(files) {
      const written: string[] = []
      try {
        for (const f of files) {
          const target = path.join(root, f.path)
          await fs.promises.mkdir(path.dirname(target), { recursive: true })
          await fs.promises.writeFile(target, f.data, { flag: 'wx' })
          written.push(target)
        }
      } catch (e) {
        await Promise.all(written.map((w) => fs.promises.rm(w, { force: true })))
        throw e
      }
    },
    async serve(scope) {
      fs.mkdirSync(root, { recursive: true })
      await scope.register(fastifyStatic, {
        root,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        maxAge: '7d',
      })
    },
  }
}
