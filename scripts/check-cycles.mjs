// Fails when the import graph of src/ has a circle. Every import counts: static, type-only,
// re-exports and dynamic `import()` (a circle through a type or a lazy import is still a circle a
// reader has to untangle). Paths resolve as TypeScript resolves them (tsconfig `paths`, so the
// `#shared/*`, `#server/*` and `#client/*` aliases too). Run by `npm run lint`;
// `node scripts/check-cycles.mjs [project-dir]` checks another project's src/.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const sourceFile = /\.(?:[cm]?[jt]sx?)$/

function listFiles(dir) {
  const out = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) out.push(...listFiles(p))
    else if (sourceFile.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p)
  }
  return out
}

function compilerOptions(root) {
  const configPath = path.join(root, 'tsconfig.json')
  if (!fs.existsSync(configPath))
    return { moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true }
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options
}

/** The import graph of every source file under `root/dir`: file -> the files it imports there. */
export function importGraph(root, dir = 'src') {
  const options = compilerOptions(root)
  const cache = ts.createModuleResolutionCache(root, (f) => f, options)
  const files = listFiles(path.join(root, dir))
  const inScope = new Set(files)
  const graph = new Map()
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    const targets = new Set()
    for (const ref of info.importedFiles) {
      const resolved = ts.resolveModuleName(
        ref.fileName,
        file,
        options,
        ts.sys,
        cache,
      ).resolvedModule
      const target = resolved && path.resolve(resolved.resolvedFileName)
      if (target && inScope.has(target)) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/** Every circle of `graph` (one per strongly connected group), as a list of files ending where it starts. */
export function findCycles(graph) {
  // Tarjan's strongly connected components, iterative (deep graphs stay off the call stack)
  let index = 0
  const idx = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const groups = []
  for (const start of graph.keys()) {
    if (idx.has(start)) continue
    const work = [[start, 0]]
    idx.set(start, index)
    low.set(start, index++)
    stack.push(start)
    onStack.add(start)
    while (work.length) {
      const frame = work[work.length - 1]
      const [node, i] = frame
      const next = graph.get(node) ?? []
      if (i < next.length) {
        frame[1]++
        const to = next[i]
        if (!idx.has(to)) {
          idx.set(to, index)
          low.set(to, index++)
          stack.push(to)
          onStack.add(to)
          work.push([to, 0])
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), idx.get(to)))
        continue
      }
      work.pop()
      if (work.length) {
        const parent = work[work.length - 1][0]
        low.set(parent, Math.min(low.get(parent), low.get(node)))
      }
      if (low.get(node) === idx.get(node)) {
        const group = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          group.push(member)
        } while (member !== node)
        if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group)
      }
    }
  }
  return groups.map((group) => shortestCircle(graph, new Set(group), group[group.length - 1]))
}

// the shortest path from `start` back to itself inside one group (breadth first)
function shortestCircle(graph, group, start) {
  const from = new Map([[start, null]])
  const queue = [start]
  while (queue.length) {
    const node = queue.shift()
    for (const to of graph.get(node) ?? []) {
      if (!group.has(to)) continue
      if (to === start) {
        const pathBack = [node]
        for (let n = from.get(node); n; n = from.get(n)) pathBack.push(n)
        return [...pathBack.reverse(), start]
      }
      if (!from.has(to)) {
        from.set(to, node)
        queue.push(to)
      }
    }
  }
  return [start, start]
}

/** The circles under `root/dir` as printable lines (empty when there is none). */
export function describeCycles(root, dir = 'src') {
  return findCycles(importGraph(root, dir)).map((circle) =>
    circle.map((f) => path.relative(root, f)).join(' -> '),
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // the project to check (default: this one), for the test's made-up circle
  const root = path.resolve(
    process.argv[2] ?? path.resolve(fileURLToPath(import.meta.url), '../..'),
  )
  const circles = describeCycles(root)
  if (circles.length) {
    console.error(
      `Import circles (${circles.length}); break each one (types in their own module, a factory that does not import its products):`,
    )
    for (const c of circles) console.error(`  ${c}`)
    process.exit(1)
  }
  console.log('check-cycles: no import circle under src/')
}
