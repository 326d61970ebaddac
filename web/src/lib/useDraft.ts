import { useState } from "react";

/**
 * The text a field shows while the shopper types, following its value: when the value changes from
 * outside (a stepper's button, Back/Forward in the address, Clear filters), the draft starts over
 * from it. React's "adjust state when a prop changes" pattern: compared during render, so there is
 * no effect and no extra render with a stale draft.
 */
export function useDraft<T>(value: T, toText: (value: T) => string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => toText(value));
  const [source, setSource] = useState(value);
  if (!Object.is(source, value)) {
    setSource(value);
    setDraft(toText(value));
  }
  return [draft, setDraft];
}
