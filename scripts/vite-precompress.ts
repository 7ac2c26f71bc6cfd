import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/

/**
 * Writes .br and .gz beside every compressible build file, so the server sends
 * pre-compressed assets (@fastify/static preCompressed) at no run-time cost.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'forgeline-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name)
          if (entry.isDirectory()) walk(file)
          else if (compressible.test(entry.name) && fs.statSync(file).size > 512) {
            const data = fs.readFileSync(file)
            fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }))
            fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
          }
        }
      }
      walk(outDir)
    },
  }
}
