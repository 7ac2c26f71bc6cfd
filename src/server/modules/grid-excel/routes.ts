import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import type { GridKind } from '../orders/grid-kind.ts'
import { orderKinds } from '../orders/kinds.ts'
import { productionReportKind } from '../production/kind.ts'
import { supplierFormKind } from '../supplier-forms/kind.ts'
import { gridExportRoute } from './export-route.ts'
import { gridImportRoute } from './import-route.ts'
import { gridImporter, supplierFormImporter } from './importers.ts'

const grids: [GridKind[], string][] = [
  [orderKinds, 'orders'],
  [[productionReportKind], 'production'],
  [[supplierFormKind], 'supplier-forms'],
]

/**
 * Excel import and export of every grid (SPEC §2): `{Kind}/Upload` and `{Kind}/Export` under
 * the API prefix, `SupplierForm/Upload` included (SPEC §7). Multipart bodies are parsed in this
 * module's scope only.
 */
export async function gridExcelRoutes(scope: FastifyInstance) {
  await scope.register(multipart)
  for (const [kinds, tag] of grids) {
    for (const kind of kinds) {
      const importer = kind === supplierFormKind ? supplierFormImporter(kind) : gridImporter(kind)
      if (importer) await scope.register(gridImportRoute(importer, tag))
      await scope.register(gridExportRoute(kind, tag))
    }
  }
}
