import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { UploadStore } from './upload-store.ts'

/**
 * Files in DATA_DIR/uploads, served by @fastify/static (cached 7 days: names are never reused).
 * A `put` that fails (a full disk: ENOSPC, answered 507 by the error handler) leaves no file of
 * its batch behind, not even the part of the one it was writing.
 */
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
          try {
            await fs.promises.writeFile(target, f.data, { flag: 'wx' })
          } catch (e) {
            // a disk that filled up mid-write leaves part of the file: remove it (never a file
            // that was there before: 'wx' refused to open it, EEXIST)
            if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
              await fs.promises.rm(target, { force: true })
            throw e
          }
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
