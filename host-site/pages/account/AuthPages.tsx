import type { AccountProfile } from "../../../shared/contracts/index";
import { SignInGate } from "./SignIn";

/*
 * Sign-in, registration, e-mail confirmation and password recovery (issue 15).
 * PLACEHOLDERS — replaced by the auth pages.
 */

export function LoginPage({ next, profile }: { next: string; profile: AccountProfile | null }) {
  if (profile) return <p>Вы уже вошли. <a href={next}>Продолжить</a></p>;
  return <SignInGate next={next} onLogin={() => window.location.assign(next)} />;
}

export function RegistrationPage(_props: { profile: AccountProfile | null }) {
  return <p>Регистрация</p>;
}

export function ConfirmEmailPage(_props: { token: string; profile: AccountProfile | null }) {
  return <p>Подтверждение почты</p>;
}

export function PasswordRecoveryPage(_props: { profile: AccountProfile | null }) {
  return <p>Восстановление пароля</p>;
}

export function PasswordResetPage(_props: { token: string }) {
  return <p>Новый пароль</p>;
}
