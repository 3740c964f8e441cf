/** The picture drawn where a product has no photo yet (a card, the product page): decorative, the box around it speaks. */
export function PhotoPlaceholderIcon() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect x="4" y="8" width="40" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="17" cy="19" r="4" fill="currentColor" />
      <path d="M8 36l11-11 7 7 6-6 10 10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
