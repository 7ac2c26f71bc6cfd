import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Config } from '../../config.ts'
import { generatePassword, hashPassword } from '../../modules/auth/passwords.ts'
import type { Db } from '../open.ts'
import type { Database } from '../schema.ts'
import { seedAssetsDir, seedAssetsPrefix } from './assets-dir.ts'
import { seedDemoContent } from './demo-content.ts'
import { seedDemoProduction } from './demo-production.ts'
import { seedDemoStaff } from './demo-staff.ts'
import { seedDemoSupplierForms } from './demo-supplier-forms.ts'
import { seedDemoSupplyChain } from './demo-supply-chain.ts'
import { seedDemoWechat } from './demo-wechat.ts'
import { seedMenu } from './menu-seed.ts'
import { builtinRoles } from './roles.ts'
import { firstStartNote, recordFirstStart } from './first-start-file.ts'
import { grantMenusByAbilities } from '../role-menu-grants.ts'

const seedKey = 'seeded_at'

/**
 * The public URL of a demo picture. The pictures are served from the package directory
 * (seedAssetsDir) by every instance, so nothing is copied into DATA_DIR: an instance that
 * joins a cluster later serves them too.
 */
function assetUrl(file: string): string {
  if (!fs.existsSync(path.join(seedAssetsDir(), file)))
    throw new Error(`demo asset ${file} is missing`)
  return `${seedAssetsPrefix}${file}`
}

type Account = {
  login: string
  role: string
  realName: string
  env: 'ADMIN_PASSWORD' | 'EDITOR_PASSWORD' | 'STAFF_PASSWORD'
}

const accounts: Account[] = [
  { login: 'admin', role: 'admin', realName: '系统管理员', env: 'ADMIN_PASSWORD' },
  { login: 'editor', role: 'editor', realName: '内容编辑', env: 'EDITOR_PASSWORD' },
  { login: 'staff', role: 'staff', realName: '车间主管', env: 'STAFF_PASSWORD' },
]

function passwordFor(config: Config, env: Account['env']): string | undefined {
  return {
    ADMIN_PASSWORD: config.adminPassword,
    EDITOR_PASSWORD: config.editorPassword,
    STAFF_PASSWORD: config.staffPassword,
  }[env]
}

async function seedUsers(trx: Kysely<Database>, config: Config) {
  const ids: Record<string, number> = {}
  const generated: string[] = []
  for (const a of accounts) {
    const given = passwordFor(config, a.env)
    const password = given ?? generatePassword()
    if (!given) generated.push(`  ${a.login.padEnd(7)} ${password}   (set ${a.env} to choose it)`)
    const row = await trx
      .insertInto('users')
      .values({
        login_name: a.login,
        real_name: a.realName,
        nick_name: a.login,
        mobile: '',
        email: `${a.login}@forgeline.example.com`,
        role: a.role,
        department_id: null,
        ban: 0,
        avatar: '',
        password_hash: await hashPassword(password),
        // a generated password was printed to the console: it is changed at the first sign-in
        must_change_password: given ? 0 : 1,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids[a.login] = row.id
  }
  return { ids: ids as { admin: number; editor: number; staff: number }, generated }
}

/** Every instance's summary: which instance seeded with generated passwords and where it wrote them. */
async function printFirstStartNote(db: Db, print: (line: string) => void) {
  const note = await firstStartNote(db.db)
  if (note) print(note)
}

/**
 * Seeds an empty database once: roles, the three accounts, and (unless SEED_DEMO=false)
 * the department tree with demo colleagues who cannot sign in, and bilingual demo content. Runs in one transaction; a restart never duplicates or overwrites.
 */
export async function seedDatabase(
  db: Db,
  config: Config,
  print: (line: string) => void,
): Promise<void> {
  await seedMenu(db.db)
  const done = await db.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', seedKey)
    .executeTakeFirst()
  if (done) return printFirstStartNote(db, print)
  const image = config.seedDemo ? assetUrl : () => ''
  const generated = await db.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_meta')
      .values({ key: seedKey, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst()
    if (!claimed) return null
    await trx.insertInto('roles').values(builtinRoles).execute()
    await grantMenusByAbilities(trx)
    const users = await seedUsers(trx, config)
    if (config.seedDemo) {
      await seedDemoStaff(trx, new Date())
      await seedDemoContent(trx, { users: users.ids, image, now: new Date() })
      await seedDemoWechat(trx, users.ids, new Date())
      await seedDemoProduction(trx, new Date(), users.ids.staff)
      await seedDemoSupplyChain(trx, new Date(), users.ids.staff)
      await seedDemoSupplierForms(trx, new Date(), users.ids.admin)
    }
    // the passwords also go to a 0600 file in this instance's DATA_DIR (never the shared database)
    const file =
      users.generated.length > 0 ? await recordFirstStart(trx, config, users.generated) : null
    return { lines: users.generated, file }
  })
  // another instance seeded meanwhile (PostgreSQL): say which one, like every later start
  if (!generated) return printFirstStartNote(db, print)
  if (generated.lines.length > 0) {
    print(
      'Forgeline created these accounts with generated passwords (shown only this once; each is changed at its first sign-in):',
    )
    for (const line of generated.lines) print(line)
    print(
      `  They are also in ${generated.file} (mode 0600): delete it once each account has its own password`,
    )
  }
}
