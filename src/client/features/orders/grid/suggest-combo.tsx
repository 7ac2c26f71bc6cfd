import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { suggestTestIds, type SuggestSource, type SuggestTexts } from './suggest-types.ts'
import { useSuggestions } from './use-suggestions.ts'

export type SuggestFieldProps<T> = {
  source: SuggestSource<T>
  texts: SuggestTexts
  value: string
  /** a typed text (suggestions never restrict it) or the text of a picked item */
  onChange: (text: string) => void
  name: string
  label: string
  error?: string
  id?: string
  autoFocus?: boolean
  /** base of the test ids (suggest-types.ts) */
  testId: string
}

/**
 * The desktop form of a suggest input (ARIA combobox with a list): typing, a click or Alt+Down
 * opens the suggestions; Up/Down move through them, Enter picks, Escape closes, Tab leaves.
 * Keys it uses stop here, so a grid cell does not also act on them; with the list closed,
 * Enter, Escape and Up/Down go on to the grid (end or cancel the edit, move a row).
 */
export function SuggestCombo<T>({
  source,
  texts,
  value,
  onChange,
  name,
  label,
  error,
  id,
  autoFocus,
  testId,
}: SuggestFieldProps<T>) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const { items } = useSuggestions(source, value, open)
  const shown = open && items.length > 0
  const at = shown && active < items.length ? active : -1
  const close = () => (setOpen(false), setActive(-1))
  const pick = (item: T) => (onChange(source.text(item)), close())
  useEffect(() => {
    if (at >= 0) document.getElementById(`${listId}-${at}`)?.scrollIntoView?.({ block: 'nearest' })
  }, [at, listId])

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const handled = () => {
      e.preventDefault()
      e.stopPropagation()
    }
    if (!shown) {
      if (e.key === 'ArrowDown' && e.altKey) {
        handled()
        setOpen(true)
      }
      return
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      handled()
      const last = items.length - 1
      setActive(e.key === 'ArrowDown' ? (at >= last ? 0 : at + 1) : at <= 0 ? last : at - 1)
    } else if (e.key === 'Enter' && at >= 0) {
      handled()
      pick(items[at]!)
    } else if (e.key === 'Escape') {
      handled()
      close()
    } else if (e.key === 'Tab') close()
  }

  return (
    <span className="suggest-combo">
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={at >= 0 ? `${listId}-${at}` : undefined}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        title={error}
        autoFocus={autoFocus}
        className={`grid-input${error ? ' has-error' : ''}`}
        value={value}
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(e) => (onChange(e.target.value), setOpen(true), setActive(-1))}
        onKeyDown={onKeyDown}
      />
      {shown ? (
        <ul
          className="suggest-list"
          id={listId}
          role="listbox"
          aria-label={texts.list}
          data-testid={suggestTestIds(testId).suggestions}
        >
          {items.map((item, i) => (
            <li
              key={source.key(item)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === at}
              className={i === at ? 'is-active' : undefined}
              onMouseEnter={() => setActive(i)}
              // before the input's blur closes the list
              onMouseDown={(e) => (e.preventDefault(), pick(item))}
            >
              {source.render(item)}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  )
}
