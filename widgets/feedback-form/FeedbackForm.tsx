import { useSetAtom } from "jotai/react";
import { useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { FeedbackFormDefinition, FeedbackReceipt, FormField } from "../../shared/contracts/index";
import { feedbackForm, recaptchaConfig, sendFeedbackAtom, useShowFailure, useSiteResource } from "../../shared/state/index";
import { Dialog, LoadError, PhoneInput, Recaptcha, Textarea } from "../../shared/ui/index";

export interface FeedbackFormProps {
  /** Called once the server accepted the form (the success dialog is then open). */
  onSent?: ((receipt: FeedbackReceipt) => void) | undefined;
}

type Values = Record<string, string | boolean>;

/** The longest `pageUrl` the API takes (feedbackSubmissionSchema). */
const PAGE_URL_MAX_LENGTH = 2000;

/** The fields in their `order` (spec §3: default 1); equal orders keep the server's order. */
export function orderedFields(fields: readonly FormField[]): FormField[] {
  return [...fields].sort((a, b) => a.order - b.order);
}

function initialValues(fields: readonly FormField[]): Values {
  return Object.fromEntries(
    fields.map((field): [string, string | boolean] => {
      if (field.controlType === "checkbox") return [field.key, field.value === "true"];
      if (field.controlType === "dropdown") return [field.key, field.options.some((option) => option.key === field.value) ? field.value : ""];
      return [field.key, field.value];
    }),
  );
}

/** Spec §5: a field marked required must be non-empty (a checkbox: ticked). */
export function requiredProblem(field: FormField, value: string | boolean | undefined): string | null {
  if (!field.required) return null;
  if (field.controlType === "checkbox") return value === true ? null : `Отметьте «${field.label}»`;
  if (typeof value === "string" && value.trim() !== "") return null;
  return field.controlType === "dropdown" ? `Выберите «${field.label}»` : `Заполните поле «${field.label}»`;
}

/**
 * A filled-in e-mail that is no address («bad@») or a phone that is no complete number: the server's
 * rules, checked before sending. The rule
 * is a zod schema, loaded on the first check: the form stands on content pages, whose first code
 * should not carry zod.
 */
export async function formatProblem(field: FormField, value: string | boolean | undefined): Promise<string | null> {
  if ((field.type !== "email" && field.type !== "tel") || typeof value !== "string" || value.trim() === "") return null;
  const { feedbackEmailProblem, feedbackPhoneProblem } = await import("../../shared/contracts/feedback");
  return field.type === "email" ? feedbackEmailProblem(value) : feedbackPhoneProblem(value);
}

function autocompleteFor(field: FormField): string | undefined {
  if (field.type === "email") return "email";
  if (field.type === "tel") return "tel";
  if (/^(name|fio|fullName)$/i.test(field.key)) return "name";
  if (/^(company|organization)$/i.test(field.key)) return "organization";
  return undefined;
}

/**
 * The site's feedback form (spec §3 "Form field definition", §4 captcha, §5): the fields the
 * server defines, in their order; required ones and an e-mail's format checked before sending; reCAPTCHA when the shop
 * has a site key (hidden otherwise, or when its config or script fails); then the success dialog.
 * A refused send shows the server's messageUI and keeps everything entered.
 */
export function FeedbackForm({ onSent }: FeedbackFormProps) {
  const { resource: definition, reload } = useSiteResource(feedbackForm);
  if (definition.status === "loading") {
    return (
      <section className="ottisk-root ottisk-feedback" aria-busy="true">
        <p className="ottisk-feedback__status" role="status">
          Загружаем форму…
        </p>
      </section>
    );
  }
  if (definition.status === "error") {
    return (
      <section className="ottisk-root ottisk-feedback">
        <LoadError messageUI={definition.messageUI} onRetry={reload} />
      </section>
    );
  }
  return <FeedbackFormView definition={definition.data} onSent={onSent} />;
}

function FeedbackFormView({ definition, onSent }: { definition: FeedbackFormDefinition; onSent: FeedbackFormProps["onSent"] }) {
  const fields = orderedFields(definition.fields);
  const send = useSetAtom(sendFeedbackAtom);
  const showFailure = useShowFailure();
  const { resource: captchaConfig } = useSiteResource(recaptchaConfig);
  const siteKey = captchaConfig.status === "ready" ? captchaConfig.data.siteKey : null;
  const [values, setValues] = useState<Values>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [captcha, setCaptcha] = useState<{ shown: boolean; token: string | null; resetKey: number }>({ shown: false, token: null, resetKey: 0 });
  const formRef = useRef<HTMLFormElement>(null);
  const idPrefix = useId();
  const titleId = `${idPrefix}title`;

  const focusField = (key: string) => {
    const control = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`);
    control?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problems: Record<string, string> = {};
    for (const field of fields) {
      const problem = requiredProblem(field, values[field.key]) ?? (await formatProblem(field, values[field.key]));
      if (problem) problems[field.key] = problem;
    }
    setErrors(problems);
    const firstProblem = fields.find((field) => problems[field.key]);
    if (firstProblem) {
      setFormError(null);
      focusField(firstProblem.key);
      return;
    }
    if (captcha.shown && !captcha.token) {
      setFormError("Подтвердите, что вы не робот: отметьте «Я не робот».");
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      const answers = Object.fromEntries(
        fields.map((field) => {
          const value = values[field.key] ?? "";
          return [field.key, typeof value === "string" ? value.trim() : value];
        }),
      );
      const receipt = await send({ values: answers, captchaToken: captcha.token, pageUrl: window.location.href.slice(0, PAGE_URL_MAX_LENGTH) });
      setValues(initialValues(fields));
      setErrors({});
      setSent(true);
      onSent?.(receipt);
    } catch (error) {
      showFailure(error, (text, apiError) => {
        setFormError(text);
        const fieldProblems: Record<string, string> = {};
        for (const issue of apiError.issues) {
          const key = issue.field.replace(/^values\./, "");
          if (fields.some((field) => field.key === key)) fieldProblems[key] ??= issue.messageUI;
        }
        setErrors(fieldProblems);
      });
    } finally {
      setSending(false);
      // A token is good for one check: the next send needs a new one.
      setCaptcha((state) => (state.shown ? { ...state, token: null, resetKey: state.resetKey + 1 } : state));
    }
  };

  return (
    <div className="ottisk-root ottisk-feedback">
      {definition.title ? (
        <h2 className="ottisk-feedback__title" id={titleId} part="title">
          {definition.title}
        </h2>
      ) : null}
      <form
        ref={formRef}
        className="ottisk-feedback__form"
        part="form"
        noValidate
        aria-labelledby={definition.title ? titleId : undefined}
        aria-label={definition.title ? undefined : "Обратная связь"}
        onSubmit={(event) => void submit(event)}
      >
        {fields.map((field) => (
          <FieldControl
            key={field.key}
            id={`${idPrefix}${field.key}`}
            field={field}
            value={values[field.key]}
            error={errors[field.key]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [field.key]: value }));
              setErrors((current) => {
                if (!current[field.key]) return current;
                const rest = { ...current };
                delete rest[field.key];
                return rest;
              });
            }}
          />
        ))}
        {siteKey ? (
          <Recaptcha
            siteKey={siteKey}
            resetKey={captcha.resetKey}
            onReady={() => setCaptcha((state) => ({ ...state, shown: true }))}
            onUnavailable={() => setCaptcha((state) => ({ ...state, shown: false, token: null }))}
            onToken={(token) => {
              setCaptcha((state) => ({ ...state, token }));
              if (token) setFormError(null);
            }}
          />
        ) : null}
        {formError ? (
          <p className="ottisk-feedback__form-error" role="alert" part="error">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="ottisk-button ottisk-feedback__submit" part="submit" disabled={sending} aria-busy={sending}>
          {sending ? "Отправляем…" : "Отправить"}
        </button>
      </form>
      <Dialog open={sent} title="Ваши данные успешно отправлены" className="ottisk-feedback__success" onClose={() => setSent(false)}>
        <p className="ottisk-feedback__success-text">Мы получили ваше сообщение и свяжемся с вами в ближайшее время.</p>
        <button type="button" className="ottisk-button" part="return-button" onClick={() => setSent(false)}>
          Вернуться на сайт
        </button>
      </Dialog>
    </div>
  );
}

interface FieldControlProps {
  id: string;
  field: FormField;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}

function FieldControl({ id, field, value, error, onChange }: FieldControlProps) {
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.key,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
  const label = (
    <>
      {field.label}
      {field.required ? (
        <span className="ottisk-feedback__required" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
  const errorText = error ? (
    <p className="ottisk-feedback__error" id={errorId}>
      {error}
    </p>
  ) : null;

  if (field.controlType === "checkbox") {
    return (
      <div className="ottisk-feedback__field ottisk-feedback__field--checkbox">
        <label className="ottisk-feedback__check" htmlFor={id}>
          <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <span>{label}</span>
        </label>
        {errorText}
      </div>
    );
  }
  const text = typeof value === "string" ? value : "";
  return (
    <div className="ottisk-feedback__field">
      <label className="ottisk-feedback__label" htmlFor={id}>
        {label}
      </label>
      {field.controlType === "dropdown" ? (
        <select {...common} className="ottisk-input ottisk-feedback__input" value={text} onChange={(event) => onChange(event.target.value)}>
          {field.options.some((option) => option.key === field.value) ? null : <option value="">Выберите…</option>}
          {field.options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.value}
            </option>
          ))}
        </select>
      ) : field.controlType === "textarea" ? (
        <Textarea {...common} className="ottisk-input ottisk-feedback__input ottisk-feedback__textarea" value={text} onChange={onChange} />
      ) : field.type === "tel" ? (
        <PhoneInput {...common} className="ottisk-input ottisk-feedback__input" value={text} onChange={onChange} />
      ) : (
        <input
          {...common}
          className="ottisk-input ottisk-feedback__input"
          type={field.type}
          inputMode={field.type === "email" ? "email" : undefined}
          autoComplete={autocompleteFor(field)}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {errorText}
    </div>
  );
}
