/**
 * What went wrong with an action, where it happened, announced at once (`role="alert"`); nothing
 * while there is no message. `className` is the block's own (`ottisk-cart__error`…).
 */
export function ErrorNote({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <p className={className} role="alert">
      {message}
    </p>
  );
}
