import type { KyselyPlugin, OperationNode } from 'kysely'

/**
 * A Kysely plugin that records every statement the app runs (through any transaction), each as
 * the tables it names; wrap the app's database with it (createTestApp's `wrapDb`). Counted when
 * a result comes back: a query builder used as a subquery is transformed too, but never executed.
 */
export function statementCounter() {
  const statements: string[][] = []
  const named = new WeakMap<object, string[]>()
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      const json = JSON.stringify(args.node as OperationNode)
      named.set(
        args.queryId,
        [
          ...json.matchAll(
            /"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"([a-z_]+)"/g,
          ),
        ].map((m) => m[1]!),
      )
      return args.node
    },
    async transformResult(args) {
      statements.push(named.get(args.queryId) ?? [])
      return args.result
    },
  }
  /** The statements `run` makes (after it settles), each as the tables it names. */
  async function during(run: () => Promise<unknown>): Promise<string[][]> {
    const before = statements.length
    await run()
    return statements.slice(before)
  }
  return { plugin, statements, during }
}
