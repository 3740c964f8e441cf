import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent, RefObject } from "react";
import type { LoginRequest, SessionGrant } from "../contracts/index";
import { loginAtom, recaptchaConfig, signedInAtom, useShowFailure, useSiteResource } from "../state/index";
import { Alert } from "./Alert";
import { Dialog } from "./Dialog";
import { Field } from "./Field";
import type { AlertMessage } from "./Alert";
import { accountPagePath, withNext } from "../domain/index";
import { Recaptcha } from "./Recaptcha";

/** The server's codes for a sign-in that needs the «я не робот» check first (after failed attempts on an unknown device). */
const CAPTCHA_CODES = new Set(["CAPTCHA_REQUIRED", "CAPTCHA_FAILED"]);

/** The positive alert after a sign-in (spec §4). */
export const LOGIN_SUCCESS_TEXT = "Вы вошли в систему";

export interface LoginButtonProps {
  /** Called after a sign-in, once the account was reloaded. */
  onLogin?: ((grant: SessionGrant) => void) | undefined;
  /** The button's text ('Войти'). */
  label?: string | undefined;
  /** The admin panel's address, for the registration and password recovery links (an element's default: widgets/navigate.ts, defaultAdminUrl). */
  adminUrl: string;
  /**
   * An employee who signs in is sent to the admin panel (spec §1): called with its address first;
   * return false when the navigation was handled (or is not wanted).
   */
  onNavigate?: ((href: string) => boolean) | undefined;
}

/**
 * 'Войти' and the «Вход и регистрация» dialog. Once somebody is signed in (a temporary visitor
 * account does not count) the button is gone, but the component stays to show the positive alert,
 * so a parent may keep it mounted and put its own signed-in view beside it.
 */
/**
 * The button that opened a dialog is gone after signing in or out: focus moves to its successor,
 * `signedInTarget` once signed in, or the 'Войти' button inside `root` once signed out. The returned
 * function says which of the two the dialog's action leads to.
 */
export function useFocusSuccessor(
  root: RefObject<HTMLElement | null>,
  signedInTarget: RefObject<HTMLElement | null>,
  signedIn: boolean,
): (after: "sign-in" | "sign-out") => void {
  const [refocus, setRefocus] = useState<"sign-in" | "sign-out" | null>(null);
  useEffect(() => {
    if (refocus === "sign-in" && signedIn) signedInTarget.current?.focus();
    else if (refocus === "sign-out" && !signedIn) root.current?.querySelector<HTMLElement>("[part='login-button']")?.focus();
    else return;
    setRefocus(null);
  }, [refocus, signedIn, root, signedInTarget]);
  return setRefocus;
}

export function LoginButton({ onLogin, label = "Войти", adminUrl, onNavigate }: LoginButtonProps) {
  const signedIn = useAtomValue(signedInAtom);
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  return (
    <div className="ottisk-login">
      {signedIn ? null : (
        <button type="button" className="ottisk-button ottisk-login__button" part="login-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      <Dialog open={open} title="Вход и регистрация" onClose={() => setOpen(false)} className="ottisk-login-dialog">
        <LoginForm
          adminUrl={adminUrl}
          onLogin={(grant) => {
            setOpen(false);
            setAlert({ kind: "positive", text: LOGIN_SUCCESS_TEXT });
            onLogin?.(grant);
            if (grant.profile.typeUser === "employee" && (onNavigate?.(adminUrl) ?? true)) window.location.assign(adminUrl);
          }}
        />
      </Dialog>
      <div className="ottisk-login__alert">
        <Alert alert={alert} onClose={() => setAlert(null)} />
      </div>
    </div>
  );
}

type Field = "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;

/**
 * Spec §5: e-mail required and valid, password required — the rules and Russian texts of the API's
 * own contract, loaded with zod on first use: the header draws this form on every page, and the
 * page's first code should not carry the schemas.
 */
async function validate(values: { email: string; password: string; rememberMe: boolean }): Promise<{ data: LoginRequest | null; errors: FieldErrors }> {
  const { loginRequestSchema } = await import("../contracts/account");
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** The «я не робот» check, once the server asked for it: the site key is loaded only then. */
function LoginCaptcha({ resetKey, onToken }: { resetKey: number; onToken: (token: string | null) => void }) {
  const { resource } = useSiteResource(recaptchaConfig);
  const siteKey = resource.status === "ready" ? resource.data.siteKey : null;
  if (!siteKey) return null;
  return <Recaptcha siteKey={siteKey} resetKey={resetKey} onToken={onToken} onReady={() => undefined} onUnavailable={() => undefined} />;
}

export interface LoginFormProps {
  adminUrl: string;
  onLogin: (grant: SessionGrant) => void;
  /** Where the registration and recovery pages go on to afterwards (`?next=`), as the sign-in page itself would. */
  next?: string | undefined;
}

/**
 * The sign-in form: a real POST form with the names and autocomplete tokens password managers look
 * for (username, current-password); submitting stays on the page and calls the API.
 */
export function LoginForm({ adminUrl, onLogin, next }: LoginFormProps) {
  const login = useSetAtom(loginAtom);
  const showFailure = useShowFailure();
  const [values, setValues] = useState({ email: "", password: "", rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // After failed attempts the server may ask an unknown device to prove it is not a robot.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  // A ref, not state: the widget's callback comes from Google's script, outside React's events, and
  // a send right after it must already carry the token.
  const captchaToken = useRef<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const rememberId = useId();
  const linkTo = (path: string) => (next ? withNext(path, next) : path);

  const change = (next: Partial<typeof values>) => {
    const updated = { ...values, ...next };
    setValues(updated);
    // After the first submit the messages follow the typing.
    if (checked) void validate(updated).then(({ errors: found }) => setErrors(found));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const { data, errors: found } = await validate(values);
    setErrors(found);
    if (!data) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    setAlert(null);
    try {
      const token = captchaToken.current;
      const grant = await login(token ? { ...data, captchaToken: token } : data);
      onLogin(grant);
    } catch (error) {
      showFailure(error, (text, failure) => {
        setAlert({ kind: "negative", text });
        if (CAPTCHA_CODES.has(failure.code)) setCaptchaAsked(true);
      });
      // A token is good for one attempt: the next one needs the check again.
      if (captchaToken.current) setCaptchaReset((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ottisk-login-form" part="login-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
      <Field block="ottisk-login-form" label="Электронная почта" error={errors.email}>
        {(control) => (
          <input
            {...control}
            ref={emailRef}
            className="ottisk-input"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.email}
            onChange={(event) => change({ email: event.target.value })}
          />
        )}
      </Field>
      <Field block="ottisk-login-form" label="Пароль" error={errors.password}>
        {(control) => (
          <input
            {...control}
            ref={passwordRef}
            className="ottisk-input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(event) => change({ password: event.target.value })}
          />
        )}
      </Field>
      <div className="ottisk-login-form__remember">
        <input
          id={rememberId}
          name="rememberMe"
          type="checkbox"
          checked={values.rememberMe}
          onChange={(event) => change({ rememberMe: event.target.checked })}
        />
        <label htmlFor={rememberId}>Запомнить меня</label>
      </div>
      {captchaAsked ? <LoginCaptcha resetKey={captchaReset} onToken={(token) => (captchaToken.current = token)} /> : null}
      <Alert alert={alert} onClose={() => setAlert(null)} />
      <button type="submit" className="ottisk-button ottisk-login-form__submit" part="login-submit" aria-disabled={busy}>
        {busy ? "Входим…" : "Войти"}
      </button>
      <p className="ottisk-login-form__links">
        <a href={linkTo(accountPagePath("registration", adminUrl))}>Зарегистрироваться</a>
        <a href={linkTo(accountPagePath("passwordRecovery", adminUrl))}>Забыли пароль?</a>
      </p>
    </form>
  );
}
