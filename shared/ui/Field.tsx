import { useId } from "react";
import type { ReactNode } from "react";

/** What a field hands its control: the id its label points at and the ties to its hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  /** The CSS block of the form (`auth-form`, `profile-form`, `ottisk-login-form`): the parts are `{block}__field`, `__hint`, `__error`. */
  block: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled field of a form (the sign-in form, the account area's forms), with its hint and error tied to the control by aria-describedby. */
export function Field({ block, label, error, hint, children }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`${block}__field`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described || undefined })}
      {hint ? (
        <div id={`${id}-hint`} className={`${block}__hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={`${block}__error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
