import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'

const brotli = promisify(zlib.brotliCompress)

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/

/**
 * Writes .br and .gz beside every compressible build file, so the server sends
 * pre-compressed assets (@fastify/static preCompressed) at no run-time cost.
 * The .gz files come from Zopfli: standard gzip that any client inflates, about 4% smaller
 * than zlib's best level (one iteration gets nearly all of it and keeps the build quick).
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'forgeline-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir)
    },
    async closeBundle() {
      const files: string[] = []
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name)
          if (entry.isDirectory()) walk(file)
          else if (compressible.test(entry.name) && fs.statSync(file).size > 256) files.push(file)
        }
      }
      walk(outDir)
      for (const file of files) {
        const data = fs.readFileSync(file)
        // brotli on libuv's thread pool: the build's progress line keeps moving
        fs.writeFileSync(
          `${file}.br`,
          await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        fs.writeFileSync(`${file}.gz`, await gzipAsync(data, { numiterations: 1 }))
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
  }
}
