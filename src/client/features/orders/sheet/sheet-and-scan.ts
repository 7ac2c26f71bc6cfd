// One lazy chunk for the order sheet and the Scan dialog: the staff shell and the grid
// each name one file to load, and the two share their catalog, focus and link code.
export { OrderSheet } from './order-sheet.tsx'
export { ScanDialog } from './scan-dialog.tsx'
