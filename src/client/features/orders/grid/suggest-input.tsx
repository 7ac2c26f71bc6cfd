import { useNarrowScreen } from '#client/components/feedback/use-narrow-screen'
import { SuggestCombo, type SuggestFieldProps } from './suggest-combo.tsx'
import { SuggestSheet } from './suggest-sheet.tsx'
import './suggest-input.css'

/**
 * An input that suggests values (SPEC §2 auto-complete inputs): a combobox with a list on wide
 * screens, a button and a search sheet on phones. One pattern for every screen that picks from
 * existing values: grid text cells (customer, supplier, part, workshop) and the order picker.
 * `freeText` false: on phones only a suggested item can be chosen (the order a record belongs to).
 */
export function SuggestInput<T>(props: SuggestFieldProps<T> & { freeText?: boolean }) {
  const narrow = useNarrowScreen()
  const { freeText = true, ...field } = props
  return narrow ? <SuggestSheet {...field} freeText={freeText} /> : <SuggestCombo {...field} />
}
