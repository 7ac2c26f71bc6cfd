import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import type { Dialect } from './migrations/column-types.ts'
import { init } from './migrations/0001-init.ts'
import { wechat } from './migrations/0002-wechat.ts'
import { menu } from './migrations/0003-menu.ts'
import { orderGrids } from './migrations/0004-order-grids.ts'
import { system } from './migrations/0005-system.ts'
import { contentSpecs } from './migrations/0006-content-specs.ts'
import type { Database } from './schema.ts'

/** Every migration in order; names sort in the order they run. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-init': init(dialect),
    '0002-wechat': wechat(dialect),
    '0003-menu': menu(dialect),
    '0004-order-grids': orderGrids(dialect),
    '0005-system': system(dialect),
    '0006-content-specs': contentSpecs(dialect),
  }
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations() {
    return migrations(this.dialect)
  }
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
