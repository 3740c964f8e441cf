/*
 * Google reCAPTCHA v2 ("I'm not a robot"), loaded only when the shop has a site key (GET /ReCaptcha).
 * The script is Google's own file, added once per page; its `onload` callback is the only global
 * it needs. A page whose CSP or network blocks it gets a rejected promise, and the form hides the
 * captcha (spec §4: hidden when it cannot be shown).
 */

export interface RecaptchaApi {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      hl?: string;
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

export const RECAPTCHA_SCRIPT_URL = "https://www.google.com/recaptcha/api.js";
const ONLOAD_CALLBACK = "ottiskRecaptchaLoaded";

let loading: Promise<RecaptchaApi> | null = null;

function loadedApi(): RecaptchaApi | null {
  const candidate = (window as unknown as { grecaptcha?: Partial<RecaptchaApi> }).grecaptcha;
  return candidate && typeof candidate.render === "function" && typeof candidate.reset === "function" ? (candidate as RecaptchaApi) : null;
}

/** Google's reCAPTCHA API, loading its script the first time it is asked for. */
export function loadRecaptcha(): Promise<RecaptchaApi> {
  const ready = loadedApi();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<RecaptchaApi>((resolve, reject) => {
    const globals = window as unknown as Record<string, unknown>;
    globals[ONLOAD_CALLBACK] = () => {
      const api = loadedApi();
      if (api) resolve(api);
      else reject(new Error("reCAPTCHA loaded without its API"));
    };
    const script = document.createElement("script");
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=explicit&hl=ru&onload=${ONLOAD_CALLBACK}`;
    script.async = true;
    script.addEventListener("error", () => {
      script.remove();
      loading = null;
      reject(new Error("The reCAPTCHA script could not be loaded"));
    });
    document.head.append(script);
  });
  return loading;
}
