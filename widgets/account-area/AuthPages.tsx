import { useSetAtom } from "jotai/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { FormEvent, ReactNode, RefObject } from "react";
import { isValidInn } from "../../shared/contracts/company";
import { newPasswordSchema, passwordRecoveryRequestSchema, passwordRules, registrationRequestSchema } from "../../shared/contracts/registration";
import type { AccountProfile, PasswordRule, RegistrationKind, RegistrationRequest } from "../../shared/contracts/index";
import type { ApiError } from "../../shared/http/index";
import {
  registerAtom,
  requestPasswordRecoveryAtom,
  resendEmailConfirmationAtom,
  resetPasswordAtom,
  siteDocuments,
  useAccount,
  useCompanyByInn,
  useEmailConfirmation,
  useShowFailure,
  useSiteResource,
} from "../../shared/state/index";
import { Field, LoginForm, PhoneInput } from "../../shared/ui/index";
import type { FieldProps } from "../../shared/ui/index";
import { fieldErrors } from "./field-errors";
import { ACCOUNT_BASE, ACCOUNT_PATHS, loginPath, withNext } from "../../shared/domain/index";

/*
 * Sign-in, registration, e-mail confirmation and password recovery (issue 15; the spec's admin
 * panel, "not shown"). The forms check what they can as the person types (the contracts' own
 * rules and Russian texts) and show the server's messages by field; signing up and setting a new
 * password sign in (the account state reloads). `navigate` is how a page leaves after signing in
 * (the browser's location; a test passes its own).
 */

type Navigate = (href: string) => void;
const goTo: Navigate = (href) => window.location.assign(href);

type FieldErrors = Record<string, string>;

function zodIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Array<{ field: string; messageUI: string }> {
  return issues.map((issue) => ({ field: issue.path.map(String).join(".") || "form", messageUI: issue.message }));
}

/** A field of the sign-in, registration and recovery forms. */
function AuthField(props: Omit<FieldProps, "block">) {
  return <Field block="auth-form" {...props} />;
}

/** Focuses the form's first wrong field once React has drawn the messages: call the returned function after setting them. */
function useFocusFirstInvalid(form: { current: HTMLFormElement | null }): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) form.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [request, form]);
  return useCallback(() => setRequest((count) => count + 1), []);
}

type FormOutcome = { kind: "ok" | "error"; text: ReactNode } | null;

/**
 * A form checked on submit by `validate` (a stable function): after the first submit its messages
 * follow the typing (a server's messages stay until the next change); a failed check, or the
 * server naming fields, focuses the first wrong one. `submitWith(send, failed)` is the form's
 * onSubmit: `send` runs once the check passes, and an ApiError it rejects with puts the server's
 * messages on their fields and `failed(error)` in the form's outcome.
 */
function useCheckedForm<Values extends object>(initial: Values, validate: (values: Values) => FieldErrors, invalidMessage?: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const showFailure = useShowFailure();
  useEffect(() => {
    if (checked) setErrors(validate(values));
  }, [values, checked, validate]);

  const change = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const submitWith = (send: () => Promise<void>, failed: (error: ApiError) => ReactNode) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (invalidMessage) setMessage({ kind: "error", text: invalidMessage });
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await send();
    } catch (error) {
      showFailure(error, (_text, apiError) => {
        setErrors(fieldErrors(apiError.issues));
        if (apiError.issues.length > 0) focusFirstInvalid();
        setMessage({ kind: "error", text: failed(apiError) });
      });
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, change, errors, busy, message, setMessage, formRef, submitWith };
}

/** The account's e-mail address, as password managers and autofill know it. */
function EmailField({
  value,
  error,
  onChange,
  inputRef,
}: {
  value: string;
  error: string | undefined;
  onChange: (email: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <AuthField label="Электронная почта" error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </AuthField>
  );
}

/** The rules of a new password, each marked as met or not while it is typed. */
function PasswordRules({ rules }: { rules: PasswordRule[] }) {
  return (
    <ul className="auth-rules" aria-label="Требования к паролю">
      {rules.map((rule) => (
        <li key={rule.id} className={rule.met ? "auth-rules__rule auth-rules__rule--met" : "auth-rules__rule"} data-rule={rule.id}>
          <span aria-hidden="true">{rule.met ? "✓" : "•"}</span> {rule.label}
          <span className="ottisk-visually-hidden">{rule.met ? " — выполнено" : " — не выполнено"}</span>
        </li>
      ))}
    </ul>
  );
}

/** The form's outcome: a failure as an alert, a success announced politely (the region is always there). */
function FormMessage({ message }: { message: FormOutcome }) {
  return (
    <div className="auth-form__message" role={message?.kind === "error" ? "alert" : "status"}>
      {message ? <div className={message.kind === "error" ? "ottisk-message ottisk-message--error" : "ottisk-message auth-form__ok"}>{message.text}</div> : null}
    </div>
  );
}

/** The end of an auth form: its outcome, then the submit button (its label while the form is sent: `busyLabel`). */
function FormEnd({ message, busy, busyLabel, label }: { message: FormOutcome; busy: boolean; busyLabel: string; label: string }) {
  return (
    <>
      <FormMessage message={message} />
      <button type="submit" className="ottisk-button auth-form__submit" aria-disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

/** Already signed in on a page for those who are not: who, and where to go on. */
function AlreadySignedIn({ profile, next }: { profile: AccountProfile; next: string }) {
  const who = [profile.name, profile.surname].filter(Boolean).join(" ") || profile.email || "";
  return (
    <div className="account-area__notice">
      <p>Вы уже вошли{who ? ` как ${who}` : ""}.</p>
      <p>
        <a className="ottisk-button" href={next}>
          Продолжить
        </a>
      </p>
    </div>
  );
}

/** `/admin/auth/login?next=`: the sign-in form; afterwards the visitor goes on to `next`. */
export function LoginPage({ next, profile, navigate = goTo }: { next: string; profile: AccountProfile | null; navigate?: Navigate }) {
  if (profile) return <AlreadySignedIn profile={profile} next={next} />;
  return (
    <div className="auth-page">
      <p className="auth-page__lead">Войдите, чтобы видеть заказы, документы и уведомления. Корзина и избранное, собранные до входа, сохранятся.</p>
      <LoginForm adminUrl={ACCOUNT_BASE} next={next === ACCOUNT_BASE ? undefined : next} onLogin={() => navigate(next)} />
    </div>
  );
}

const EMPTY_COMPANY = { inn: "", name: "", kpp: "", ogrn: "", legalAddress: "" };

/** The request as the form holds it: the company only for a company, empty optional fields left out. */
function registrationOf(values: RegistrationForm): RegistrationRequest {
  const company = values.company;
  return {
    kind: values.kind,
    email: values.email,
    password: values.password,
    name: values.name,
    surname: values.surname,
    phone: values.phone,
    consent: values.consent as true,
    company:
      values.kind === "company"
        ? { inn: company.inn.trim(), name: company.name, kpp: company.kpp.trim() || null, ogrn: company.ogrn.trim() || null, legalAddress: company.legalAddress }
        : null,
  };
}

/** The contract's own rules and Russian messages, by field. */
function validateRegistration(form: RegistrationForm): FieldErrors {
  const parsed = registrationRequestSchema.safeParse(registrationOf(form));
  return parsed.success ? {} : fieldErrors(zodIssues(parsed.error.issues));
}

interface RegistrationForm {
  kind: RegistrationKind;
  email: string;
  password: string;
  name: string;
  surname: string;
  phone: string;
  consent: boolean;
  company: typeof EMPTY_COMPANY;
}

/** The consent's label: the privacy policy the footer and the cookie banner link, when the site has one. */
function ConsentLabel() {
  const { resource } = useSiteResource(siteDocuments);
  const policy = resource.status === "ready" ? resource.data.PrivacyPolicy : undefined;
  return (
    <>
      Я согласен(а) на обработку персональных данных в соответствии с{" "}
      {policy ? (
        <a href={policy.url} target="_blank" rel="noopener">
          политикой конфиденциальности
        </a>
      ) : (
        "политикой конфиденциальности"
      )}
    </>
  );
}

/** ИНН → the company's details from /utils/company-by-inn, filled in once per ИНН and left editable. */
function CompanyFields({
  company,
  errors,
  onChange,
}: {
  company: typeof EMPTY_COMPANY;
  errors: FieldErrors;
  onChange: (next: Partial<typeof EMPTY_COMPANY>) => void;
}) {
  const inn = company.inn.trim();
  const lookupInn = isValidInn(inn) ? inn : null;
  const { company: found, reload } = useCompanyByInn(lookupInn);
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (lookupInn === null || found?.status !== "ready" || filledFor.current === lookupInn) return;
    filledFor.current = lookupInn;
    const data = found.data;
    onChange({ name: data.name, kpp: data.kpp ?? "", ogrn: data.ogrn ?? "", legalAddress: data.legalAddress });
  }, [lookupInn, found, onChange]);

  const typedWhole = /^\d{10}(\d{2})?$/.test(inn);
  const innError = errors["company.inn"] ?? (typedWhole && !lookupInn ? "ИНН указан с ошибкой: не сходятся контрольные цифры" : undefined);
  let lookup: ReactNode = "Введите ИНН — мы заполним название, КПП, ОГРН и адрес сами.";
  if (found?.status === "loading") lookup = "Ищем компанию по ИНН…";
  else if (found?.status === "ready") lookup = `Нашли: ${found.data.name}. Проверьте данные и поправьте, если нужно.`;
  else if (found?.status === "error")
    lookup =
      found.httpStatus === 404 ? (
        "Компания с таким ИНН не найдена. Заполните данные вручную."
      ) : (
        <>
          {found.messageUI}{" "}
          <button type="button" className="ottisk-button ottisk-button--quiet" onClick={reload}>
            Повторить
          </button>
        </>
      );

  return (
    <fieldset className="auth-form__group">
      <legend>Компания</legend>
      <AuthField label="ИНН" error={innError} hint={<span role="status">{lookup}</span>}>
        {(control) => (
          <input
            {...control}
            name="inn"
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={company.inn}
            onChange={(event) => onChange({ inn: event.target.value.replace(/\D/g, "") })}
          />
        )}
      </AuthField>
      <AuthField label="Название" error={errors["company.name"]}>
        {(control) => <input {...control} name="companyName" autoComplete="organization" value={company.name} onChange={(event) => onChange({ name: event.target.value })} />}
      </AuthField>
      <div className="auth-form__row">
        <AuthField label="КПП" error={errors["company.kpp"]}>
          {(control) => <input {...control} name="kpp" inputMode="numeric" autoComplete="off" maxLength={9} value={company.kpp} onChange={(event) => onChange({ kpp: event.target.value })} />}
        </AuthField>
        <AuthField label="ОГРН" error={errors["company.ogrn"]}>
          {(control) => <input {...control} name="ogrn" inputMode="numeric" autoComplete="off" maxLength={15} value={company.ogrn} onChange={(event) => onChange({ ogrn: event.target.value })} />}
        </AuthField>
      </div>
      <AuthField label="Юридический адрес" error={errors["company.legalAddress"]}>
        {(control) => <input {...control} name="legalAddress" autoComplete="off" value={company.legalAddress} onChange={(event) => onChange({ legalAddress: event.target.value })} />}
      </AuthField>
    </fieldset>
  );
}

/** `/admin/auth/registration?next=`: a personal or a company account; signed in afterwards and sent on to `next`. */
export function RegistrationPage({ next, profile, navigate = goTo }: { next: string; profile: AccountProfile | null; navigate?: Navigate }) {
  const register = useSetAtom(registerAtom);
  const { values, setValues, change, errors, busy, message, setMessage, formRef, submitWith } = useCheckedForm<RegistrationForm>(
    { kind: "personal", email: "", password: "", name: "", surname: "", phone: "", consent: false, company: EMPTY_COMPANY },
    validateRegistration,
    "Проверьте отмеченные поля.",
  );
  const [showPassword, setShowPassword] = useState(false);
  const kindName = useId();
  const showId = useId();

  const onCompanyChange = useCallback(
    (patch: Partial<typeof EMPTY_COMPANY>) => setValues((current) => ({ ...current, company: { ...current.company, ...patch } })),
    [setValues],
  );

  if (profile) return <AlreadySignedIn profile={profile} next={next} />;

  const submit = submitWith(
    async () => {
      await register(registrationOf(values));
      setMessage({ kind: "ok", text: "Аккаунт создан, вы вошли. Мы отправили письмо для подтверждения адреса." });
      navigate(next);
    },
    (error) =>
      error.code === "EMAIL_TAKEN" ? (
        <>
          {error.messageUI} <a href={loginPath(next)}>Войти</a> · <a href={withNext(ACCOUNT_PATHS.passwordRecovery, next)}>Восстановить пароль</a>
        </>
      ) : (
        error.messageUI
      ),
  );

  const rules = passwordRules(values.password, values.email.trim() || null);
  return (
    <div className="auth-page">
      <p className="auth-page__lead">
        Уже есть аккаунт? <a href={loginPath(next)}>Войдите</a>. Корзина и избранное, собранные до регистрации, перейдут в новый аккаунт.
      </p>
      <form ref={formRef} className="auth-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
        <fieldset className="auth-form__group auth-form__kind">
          <legend>Кто регистрируется</legend>
          {(
            [
              ["personal", "Частное лицо"],
              ["company", "Компания или ИП"],
            ] as const
          ).map(([kind, label]) => (
            <label key={kind} className="auth-form__choice">
              <input type="radio" name={kindName} value={kind} checked={values.kind === kind} onChange={() => change({ kind })} />
              {label}
            </label>
          ))}
        </fieldset>
        <EmailField value={values.email} error={errors.email} onChange={(email) => change({ email })} />
        <AuthField label="Пароль" error={errors.password} hint={<PasswordRules rules={rules} />}>
          {(control) => (
            <input
              {...control}
              name="password"
              type={showPassword ? "text" : "password"}
              autoComplete="new-password"
              required
              value={values.password}
              onChange={(event) => change({ password: event.target.value })}
            />
          )}
        </AuthField>
        <div className="auth-form__check">
          <input id={showId} type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
          <label htmlFor={showId}>Показать пароль</label>
        </div>
        <div className="auth-form__row">
          <AuthField label="Имя" error={errors.name}>
            {(control) => <input {...control} name="name" autoComplete="given-name" required value={values.name} onChange={(event) => change({ name: event.target.value })} />}
          </AuthField>
          <AuthField label="Фамилия (необязательно)" error={errors.surname}>
            {(control) => <input {...control} name="surname" autoComplete="family-name" value={values.surname} onChange={(event) => change({ surname: event.target.value })} />}
          </AuthField>
        </div>
        <AuthField label="Телефон" error={errors.phone}>
          {(control) => <PhoneInput {...control} name="phone" required value={values.phone} onChange={(phone) => change({ phone })} />}
        </AuthField>
        {values.kind === "company" ? (
          <>
            {errors.company ? <p className="auth-form__error">{errors.company}</p> : null}
            <CompanyFields company={values.company} errors={errors} onChange={onCompanyChange} />
          </>
        ) : null}
        <ConsentField checked={values.consent} error={errors.consent} onChange={(consent) => change({ consent })} />
        <FormEnd message={message} busy={busy} busyLabel="Создаём аккаунт…" label="Зарегистрироваться" />
      </form>
    </div>
  );
}

function ConsentField({ checked, error, onChange }: { checked: boolean; error: string | undefined; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="auth-form__field">
      <div className="auth-form__check">
        <input
          id={id}
          name="consent"
          type="checkbox"
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>
          <ConsentLabel />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="auth-form__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The account area's notice for a client whose address is not confirmed yet, with «Отправить письмо ещё раз». */
export function EmailConfirmationNotice() {
  const { profile } = useAccount();
  const resend = useSetAtom(resendEmailConfirmationAtom);
  const showFailure = useShowFailure();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  if (!profile || profile.temporary || profile.emailConfirmed) return null;
  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await resend();
      setMessage({ kind: "ok", text: answer.messageUI });
    } catch (error) {
      showFailure(error, (text) => setMessage({ kind: "error", text }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="auth-notice" aria-label="Подтверждение почты">
      <p>
        Подтвердите адрес электронной почты{profile.email ? ` ${profile.email}` : ""}: мы отправили на него письмо со ссылкой. Заказывать можно и
        без подтверждения, но письма о заказах приходят только на подтверждённый адрес.
      </p>
      <button type="button" className="ottisk-button ottisk-button--quiet" aria-disabled={busy} onClick={() => void send()}>
        {busy ? "Отправляем…" : "Отправить письмо ещё раз"}
      </button>
      <FormMessage message={message} />
    </section>
  );
}

/** `/admin/auth/confirm-email?token=`: confirms the address once the page opens. */
export function ConfirmEmailPage({ token, profile }: { token: string; profile: AccountProfile | null }) {
  const confirmation = useEmailConfirmation(token);
  const account = profile ? ACCOUNT_PATHS.clientOrders : loginPath(ACCOUNT_PATHS.clientOrders);
  if (!token) {
    return (
      <div className="ottisk-message ottisk-message--error" role="alert">
        <p>В ссылке нет кода подтверждения. Откройте ссылку из письма целиком.</p>
      </div>
    );
  }
  if (confirmation.status === "loading") return <p role="status">Подтверждаем адрес…</p>;
  if (confirmation.status === "ready") {
    return (
      <div className="auth-page" role="status">
        <p className="auth-page__done">Адрес {confirmation.data.email} подтверждён. Спасибо!</p>
        <p>
          <a className="ottisk-button" href={account}>
            {profile ? "Перейти в личный кабинет" : "Войти"}
          </a>
        </p>
      </div>
    );
  }
  return (
    <div className="auth-page">
      <div className="ottisk-message ottisk-message--error" role="alert">
        <p>{confirmation.messageUI}</p>
      </div>
      {profile ? (
        <EmailConfirmationNotice />
      ) : confirmation.httpStatus === 410 || confirmation.httpStatus === 404 ? (
        <p>
          Чтобы получить новую ссылку, <a href={loginPath(ACCOUNT_PATHS.clientOrders)}>войдите</a> — в личном кабинете будет кнопка «Отправить письмо ещё раз».
        </p>
      ) : null}
    </div>
  );
}

/** `/admin/auth/password-recovery`: the address → a reset link by e-mail; the same answer for any address. */
export function PasswordRecoveryPage({ next, profile }: { next: string; profile: AccountProfile | null }) {
  const request = useSetAtom(requestPasswordRecoveryAtom);
  const showFailure = useShowFailure();
  const [email, setEmail] = useState(profile?.email ?? "");
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  const [sent, setSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const parsed = passwordRecoveryRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    setMessage(null);
    try {
      const answer = await request(parsed.data.email);
      setMessage({ kind: "ok", text: answer.messageUI });
      setSent(true);
    } catch (failure) {
      showFailure(failure, (text, apiError) => {
        setError(fieldErrors(apiError.issues).email);
        setMessage({ kind: "error", text });
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="auth-page">
      <p className="auth-page__lead">Укажите адрес, с которым вы регистрировались: пришлём ссылку, по которой можно задать новый пароль. Ссылка действует 1 час.</p>
      <form className="auth-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
        <EmailField value={email} error={error} onChange={setEmail} inputRef={inputRef} />
        <FormEnd message={message} busy={busy} busyLabel="Отправляем…" label={sent ? "Отправить ещё раз" : "Получить ссылку"} />
      </form>
      <p className="auth-page__links">
        <a href={loginPath(next)}>Вспомнили пароль? Войти</a>
        <a href={withNext(ACCOUNT_PATHS.registration, next === ACCOUNT_BASE ? ACCOUNT_PATHS.clientOrders : next)}>Зарегистрироваться</a>
      </p>
    </div>
  );
}

/** The new password's own rules, and the repeat the same. */
function validateNewPassword(form: { password: string; repeat: string }): FieldErrors {
  const found: FieldErrors = {};
  const parsed = newPasswordSchema.safeParse(form.password);
  if (!parsed.success) found.password = parsed.error.issues[0]?.message ?? "Проверьте пароль";
  if (form.repeat !== form.password) found.repeat = form.repeat ? "Пароли не совпадают" : "Повторите пароль";
  return found;
}

/** `/admin/auth/password-reset?token=`: the new password twice; signed in afterwards. */
export function PasswordResetPage({ token }: { token: string }) {
  const reset = useSetAtom(resetPasswordAtom);
  const { values, change, errors, busy, message, formRef, submitWith } = useCheckedForm({ password: "", repeat: "" }, validateNewPassword);
  const [done, setDone] = useState(false);
  const recovery = ACCOUNT_PATHS.passwordRecovery;

  if (!token) {
    return (
      <div className="ottisk-message ottisk-message--error" role="alert">
        <p>
          В ссылке нет кода. Откройте ссылку из письма целиком или <a href={recovery}>запросите новую</a>.
        </p>
      </div>
    );
  }
  if (done) {
    return (
      <div className="auth-page" role="status">
        <p className="auth-page__done">Пароль изменён, вы вошли в аккаунт. На других устройствах войдите заново с новым паролем.</p>
        <p>
          <a className="ottisk-button" href={ACCOUNT_BASE}>
            Перейти в личный кабинет
          </a>
        </p>
      </div>
    );
  }

  const submit = submitWith(
    async () => {
      await reset({ token, password: values.password });
      setDone(true);
    },
    (error) => {
      const linkProblem = error.status === 404 || error.status === 410 || error.issues.some((issue) => issue.field === "token");
      return linkProblem ? (
        <>
          {error.messageUI} <a href={recovery}>Запросить новую ссылку</a>
        </>
      ) : (
        error.messageUI
      );
    },
  );

  const rules = passwordRules(values.password, null);
  return (
    <div className="auth-page">
      <p className="auth-page__lead">Придумайте новый пароль. После этого все прежние входы в аккаунт завершатся.</p>
      <form ref={formRef} className="auth-form" method="post" noValidate aria-busy={busy} onSubmit={(event) => void submit(event)}>
        <AuthField label="Новый пароль" error={errors.password} hint={<PasswordRules rules={rules} />}>
          {(control) => (
            <input {...control} name="password" type="password" autoComplete="new-password" required value={values.password} onChange={(event) => change({ password: event.target.value })} />
          )}
        </AuthField>
        <AuthField label="Повторите пароль" error={errors.repeat}>
          {(control) => (
            <input {...control} name="repeat" type="password" autoComplete="new-password" required value={values.repeat} onChange={(event) => change({ repeat: event.target.value })} />
          )}
        </AuthField>
        <FormEnd message={message} busy={busy} busyLabel="Сохраняем…" label="Сохранить пароль" />
      </form>
    </div>
  );
}
