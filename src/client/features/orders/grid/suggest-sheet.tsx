import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ResponsiveSheet } from '#client/components/feedback/responsive-sheet'
import type { SuggestFieldProps } from './suggest-combo.tsx'
import { suggestTestIds } from './suggest-types.ts'
import { useSuggestions } from './use-suggestions.ts'

/**
 * The phone form of a suggest input: a button with the value that opens a search sheet listing
 * the suggestions as 44 px rows. With `freeText` the sheet starts from the current value and
 * offers it as typed ("Use …", also Enter) and a Clear; without, only a listed item can be chosen.
 */
export function SuggestSheet<T>({
  source,
  texts,
  value,
  onChange,
  name,
  label,
  error,
  id,
  testId,
  freeText,
}: SuggestFieldProps<T> & { freeText: boolean }) {
  const { t } = useLingui()
  const ids = suggestTestIds(testId)
  const [open, setOpen] = useState(false)
  const [keyword, setKeyword] = useState('')
  const { items, isFetched } = useSuggestions(source, keyword, open)
  const typed = keyword.trim()
  const offerTyped = freeText && typed !== '' && !items.some((item) => source.text(item) === typed)
  const choose = (text: string) => (onChange(text), setOpen(false))
  const start = () => (setKeyword(freeText ? value : ''), setOpen(true))

  return (
    <>
      <button
        type="button"
        id={id}
        name={name}
        className={`grid-input suggest-button${error ? ' has-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-haspopup="dialog"
        aria-label={`${label}: ${value || texts.choose}`}
        data-testid={ids.open}
        onClick={start}
      >
        {value || <span className="suggest-placeholder">{texts.choose}</span>}
      </button>
      <ResponsiveSheet
        open={open}
        onClose={() => setOpen(false)}
        title={texts.title}
        testId={ids.sheet}
      >
        <input
          type="search"
          className="grid-input suggest-search"
          placeholder={texts.placeholder}
          aria-label={texts.title}
          enterKeyHint={freeText ? 'done' : 'search'}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || !freeText) return
            e.preventDefault()
            choose(typed)
          }}
        />
        <ul className="suggest-rows" aria-label={texts.list}>
          {offerTyped ? (
            <li>
              <button type="button" data-testid={ids.free} onClick={() => choose(typed)}>
                <strong>{t`Use “${typed}”`}</strong>
              </button>
            </li>
          ) : null}
          {items.map((item) => (
            <li key={source.key(item)}>
              <button
                type="button"
                className={source.text(item) === value ? 'is-current' : undefined}
                data-testid={ids.choice}
                onClick={() => choose(source.text(item))}
              >
                {source.render(item)}
              </button>
            </li>
          ))}
        </ul>
        {isFetched && items.length === 0 && !offerTyped ? (
          <p className="grid-state">{texts.empty}</p>
        ) : null}
        {freeText && value ? (
          <button type="button" className="suggest-clear" onClick={() => choose('')}>
            {t`Clear`}
          </button>
        ) : null}
      </ResponsiveSheet>
    </>
  )
}
