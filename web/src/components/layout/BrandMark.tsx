/** The shop's logo mark: a speech bubble with a ballot tick, drawn inline (no extra request). */
export function BrandMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <rect x="1" y="1" width="30" height="24" rx="6" fill="var(--chakra-colors-brand-solid, #1b2a4a)" />
      <path d="M9 25l-2 6 8-6z" fill="var(--chakra-colors-brand-solid, #1b2a4a)" />
      <path d="M9 13.5l4.5 4.5L23 8.5" fill="none" stroke="#e0483c" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
