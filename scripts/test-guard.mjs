// Finds focused or skipped tests (`.only`, `.skip`, `.todo`, `skipIf`, `runIf`, `ctx.skip()`)
// in the test sources: `npm test` refuses to run while any is committed.
import fs from 'node:fs'
import path from 'node:path'

const pattern =
  /\b(?:it|test|describe|suite|bench|ctx|context|t)\s*(?:\.\s*\w+\s*)*\.\s*(only|skip|todo|skipIf|runIf)\b|\bx(?:it|describe|test)\s*\(|\bf(?:it|describe)\s*\(/

/** Every line of `dir` (recursively, .ts/.tsx/.js/.mjs files) that focuses or skips a test. */
export function findFocusedOrSkipped(dir) {
  const out = []
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.(?:[cm]?[jt]sx?)$/.test(e.name)) {
        fs.readFileSync(p, 'utf8')
          .split('\n')
          .forEach((text, i) => {
            if (pattern.test(text)) out.push({ file: p, line: i + 1, text: text.trim() })
          })
      }
    }
  }
  walk(dir)
  return out
}
