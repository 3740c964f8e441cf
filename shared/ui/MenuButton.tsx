export interface MenuButtonProps {
  expanded: boolean;
  onClick: () => void;
  /** Shown beside the icon; the icon alone when absent (the accessible name stays «Меню»). */
  label?: string | undefined;
}

/** The button that opens the side menu: three lines, named «Меню». */
export function MenuButton({ expanded, onClick, label }: MenuButtonProps) {
  return (
    <button
      type="button"
      className="ottisk-menu-button"
      part="menu-button"
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-label={label ? undefined : "Меню"}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M4 6h16M4 12h16M4 18h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {label ? <span>{label}</span> : null}
    </button>
  );
}
