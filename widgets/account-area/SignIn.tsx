import { ACCOUNT_BASE, ACCOUNT_PATHS, withNext } from "../../shared/domain/index";
import { LoginForm } from "../../shared/ui/index";

/**
 * The sign-in form for a page that needs an account: after signing in the account state changes
 * and the page that asked draws itself (the address stays), so the visitor is back where they were
 * going. `next` is that address, for the registration and recovery links to come back to as well.
 */
export function SignInGate({ next, onLogin }: { next: string; onLogin?: () => void }) {
  return (
    <div className="account-area__sign-in">
      <p>Войдите, чтобы открыть эту страницу. После входа вы вернётесь сюда.</p>
      <LoginForm adminUrl={ACCOUNT_BASE} next={next} onLogin={() => onLogin?.()} />
      <p className="account-area__hint">
        Ещё нет аккаунта? <a href={withNext(ACCOUNT_PATHS.registration, next)}>Зарегистрируйтесь</a> — это займёт минуту.
      </p>
    </div>
  );
}
